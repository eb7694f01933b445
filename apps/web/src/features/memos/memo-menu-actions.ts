import { hasMemoOwnerRight, type Memo } from '@memoria/domain';
import { isPinned } from './memo-text';

export type MemoAction =
  'edit' | 'pin' | 'unpin' | 'copy' | 'mute' | 'unmute' | 'secretLink' | 'pushAudience' | 'delete';

/**
 * The actions a memo's menu offers: only what the server allows (can_edit, can_delete,
 * can_copy); pinning also to the owner of the memo's collection; muting only for a
 * collection of someone else; a push to the memo's readers for its author or the owner of its
 * collection once it is published (the server decides again, and limits how often).
 */
export function availableActions(memo: Memo, viewerId: number | undefined): MemoAction[] {
  const actions: MemoAction[] = [];
  const collection = memo.collection;
  const ownsCollection = viewerId !== undefined && collection?.author.id === viewerId;
  const ownerRight =
    memo.can_edit || hasMemoOwnerRight(memo.author.id, [collection?.author.id], viewerId);
  if (memo.can_edit) actions.push('edit');
  if (collection && ownerRight) {
    actions.push(isPinned(memo) ? 'unpin' : 'pin');
  }
  if (memo.can_copy) actions.push('copy');
  if (collection && viewerId !== undefined && !ownsCollection) {
    actions.push(collection.is_muted ? 'unmute' : 'mute');
  }
  if (memo.can_edit) actions.push('secretLink');
  if (ownerRight && !memo.isScheduled) actions.push('pushAudience');
  if (memo.can_delete) actions.push('delete');
  return actions;
}

export interface MemoMenuPopupProps {
  memo: Memo;
  actions: MemoAction[];
  collectionId?: string;
  initiallyOpened?: boolean;
  takeFocus?: boolean;
  onDeleted?: () => void;
}
