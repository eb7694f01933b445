import type { Memo } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { useMuteCollection } from '../collections/queries';
import { showApiError, showInfo, showSuccess } from '../../ui/toasts';
import { openMemoEditor } from './memo-editor-launcher';
import type { MemoAction } from './memo-menu-actions';
import {
  useCopyMemo,
  useDeleteMemo,
  useMemoSecretLink,
  usePinMemo,
  usePushMemo,
} from './mutations';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What each menu entry does, with its toast. Delete is run by the caller after the
 * confirmation dialog (runDelete).
 */
export function useMemoActions(memo: Memo, collectionId?: string) {
  const { t } = useTranslation();
  const pin = usePinMemo();
  const copy = useCopyMemo();
  const mute = useMuteCollection();
  const secretLink = useMemoSecretLink();
  const remove = useDeleteMemo();
  const push = usePushMemo();
  const pinCollection = collectionId ?? memo.collection?.id;

  const run = (action: Exclude<MemoAction, 'delete'>) => {
    switch (action) {
      case 'edit':
        openMemoEditor({ memo });
        return;
      case 'pin':
      case 'unpin':
        pin.mutate(
          { id: memo.id, pin: action === 'pin', collectionId: pinCollection },
          {
            onSuccess: () =>
              showSuccess(t(action === 'pin' ? 'memos.actions.pinned' : 'memos.actions.unpinned')),
            onError: showApiError,
          },
        );
        return;
      case 'copy':
        copy.mutate(
          { id: memo.id },
          {
            onSuccess: (created) =>
              showSuccess(t('memos.actions.copied', { name: created.collection?.name ?? '' })),
            onError: showApiError,
          },
        );
        return;
      case 'mute':
      case 'unmute':
        if (!memo.collection) return;
        mute.mutate(memo.collection, {
          onSuccess: ({ is_muted }) =>
            showSuccess(t(is_muted ? 'memos.actions.muted' : 'memos.actions.unmuted')),
          onError: showApiError,
        });
        return;
      case 'secretLink':
        secretLink.mutate(memo.id, {
          onSuccess: async (link) => {
            if (await copyToClipboard(link)) showSuccess(t('memos.actions.secretLinkCopied'));
            else showInfo(t('memos.actions.secretLinkManual', { link }), 0);
          },
          onError: showApiError,
        });
        return;
      case 'pushAudience':
        push.mutate(memo.id, {
          onSuccess: (count) => showSuccess(t('memos.actions.pushSent', { count })),
          onError: showApiError,
        });
        return;
    }
  };

  const runDelete = (onDone?: () => void) =>
    remove.mutate(memo.id, {
      onSuccess: () => {
        showSuccess(t('memos.actions.deleted'));
        onDone?.();
      },
      onError: showApiError,
    });

  return { run, runDelete, deleting: remove.isPending };
}
