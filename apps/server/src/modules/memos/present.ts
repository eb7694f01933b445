import {
  COLLECTION_TYPES,
  MAP_DEFAULT_ZOOM,
  canEditMemo,
  commentsVerifiedOnly,
  hasMemoOwnerRight,
  initialsOf,
  isMemoOwner,
  iri,
  type CollectionType,
  type Location,
  type Memo,
  type MemoCollectionRef,
  type MemoStatus,
  type MemoTodo,
  type UserSummary,
} from '@memoria/domain';
import { isoTime, readBool } from '../../db/dialect.js';
import { NO_ATTACHMENTS, type MemoAttachments } from './attachments.js';
import type { CollectionRefRow, MemoChildren, ReactionCount, TodoRow } from './children-store.js';
import type { MemoRow } from './store.js';
import { avatarUrl } from '../users/people.js';
import { boundedMemo } from '../../bounded-memo.js';

/**
 * Initials per name already worked out: a page of memos names the same few people again and
 * again (authors, collection owners), and `initialsOf` splits and maps each time. Bounded;
 * emptied when full.
 */
const initials = boundedMemo(initialsOf, 4096);

/** How another person appears inside a memo (with their account picture when known). */
export function userSummary(id: number, name: string, picture: string | null = null): UserSummary {
  return { id, '@id': iri('user', id), name, picture, label: initials(name) };
}

export function presentTodo(row: TodoRow): MemoTodo {
  const closed = readBool(row.closed);
  return {
    id: row.id,
    description: row.description,
    closed,
    closed_by_user:
      closed && row.closed_by_user_id !== null
        ? userSummary(row.closed_by_user_id, row.closed_by_name ?? '')
        : null,
    sequence_number: row.sequence_number,
  };
}

function collectionType(type: string): CollectionType | '' {
  return (COLLECTION_TYPES as readonly string[]).includes(type) ? (type as CollectionType) : '';
}

/**
 * The audience type is the owner's to know (docs/RULES.md, Audiences: empty when read by others).
 */
export function presentCollectionRef(
  row: CollectionRefRow,
  viewerId: number | null,
): MemoCollectionRef {
  return {
    id: row.collection_id,
    '@id': iri('collection', row.collection_id),
    name: row.name,
    type: viewerId !== null && row.owner_id === viewerId ? collectionType(row.type) : '',
    author: userSummary(row.owner_id, row.owner_name),
    is_collaboration: readBool(row.is_collaboration),
    collaboration_on_checklist: readBool(row.collaboration_on_checklist),
    is_muted: readBool(row.muted),
  };
}

function location(row: MemoRow): Location | null {
  if (row.location_latitude === null || row.location_longitude === null) return null;
  return {
    latitude: Number(row.location_latitude),
    longitude: Number(row.location_longitude),
    zoom: row.location_zoom ?? MAP_DEFAULT_ZOOM,
    description: row.location_description,
  };
}

export interface PresentContext {
  viewerId: number | null;
  /**
   * Collections already presented for this page, by id: a collection's answer depends on the
   * collection and the viewer alone, and a page of ten memos names the same few collections
   * up to twice per memo (its focus and its list). One answer object each, shared.
   */
  presentedRefs?: Map<string, MemoCollectionRef>;
  children: MemoChildren;
  refs: Map<number, CollectionRefRow[]>;
  attachments: Map<number, MemoAttachments>;
  /** the collection whose pin state `sequence_number` reports, when one was named */
  collectionId?: string | null;
  /** the pin state in the listed collection (collection lists) */
  listSequence?: number | null;
}

function collectionRefOf(row: CollectionRefRow, ctx: PresentContext): MemoCollectionRef {
  const kept = ctx.presentedRefs?.get(row.collection_id);
  if (kept) return kept;
  const ref = presentCollectionRef(row, ctx.viewerId);
  ctx.presentedRefs?.set(row.collection_id, ref);
  return ref;
}

export function presentMemo(row: MemoRow, ctx: PresentContext): Memo {
  const v = ctx.viewerId;
  const refs = ctx.refs.get(row.id) ?? [];
  const focus =
    (ctx.collectionId ? refs.find((r) => r.collection_id === ctx.collectionId) : undefined) ??
    refs[0];
  const isAuthor = isMemoOwner(row.user_id, v);
  const engagement = engagementOf(row, v, ctx.children.reactions.get(row.id) ?? []);
  const files = ctx.attachments.get(row.id) ?? NO_ATTACHMENTS;
  return {
    id: row.id,
    '@id': iri('memo', row.id),
    title: row.title,
    description: row.description,
    collection: focus ? collectionRefOf(focus, ctx) : null,
    author: userSummary(row.user_id, row.author_name, avatarUrl(row.author_avatar_id, '220w')),
    memo_photos: files.memo_photos,
    memo_videos: files.memo_videos,
    memo_documents: files.memo_documents,
    memo_todos: (ctx.children.todos.get(row.id) ?? []).map(presentTodo),
    memo_tags: ctx.children.tags.get(row.id) ?? [],
    date_event: isoTime(row.date_event),
    date_todo_due: isoTime(row.date_todo_due),
    memo_scheduled: isoTime(row.memo_scheduled),
    isScheduled: row.status === 'scheduled',
    status: (row.status === 'scheduled' ? 'scheduled' : 'published') as MemoStatus,
    location: location(row),
    sequence_number: ctx.listSequence ?? focus?.sequence_number ?? 0,
    reactions: engagement.reactions,
    my_reaction: engagement.myReaction,
    my_reaction_id: engagement.myReactionId,
    comments_number: engagement.seen ? row.comments_number : 0,
    notify_me: readBool(row.notify_me),
    notification_sent: readBool(row.notification_sent),
    isHidden: v !== null && refs.length > 0 && refs.every((r) => readBool(r.muted)),
    createdAt: isoTime(row.created_at) ?? '',
    updatedAt: isoTime(row.updated_at) ?? '',
    todo: readBool(row.is_todo),
    content_type: row.content_type,
    memo_type: row.memo_type,
    memos_per_collection: refs.map((r) => ({
      id: r.id,
      collection: collectionRefOf(r, ctx),
      sequence_number: r.sequence_number,
    })),
    is_connected: readBool(row.is_connected),
    can_edit: canEditMemo(row.user_id, v),
    can_delete: hasMemoOwnerRight(
      row.user_id,
      refs.map((r) => r.owner_id),
      v,
    ),
    can_copy: v !== null && (isAuthor || readBool(row.author_copy_allowed)),
    can_comment: engagement.canComment,
    can_react: engagement.canReact,
    can_see_engagement: engagement.seen,
  };
}

/**
 * Comments and reactions are seen by the author, their connections and followers
 * (docs/RULES.md, Audiences); others get no counts. Writing them follows the author's flags:
 * memo_comments_allowed, require_identification_for_comments (the author excepted) and
 * allow_reactions.
 */
export function engagementOf(row: MemoRow, viewerId: number | null, counts: ReactionCount[]) {
  const isAuthor = isMemoOwner(row.user_id, viewerId);
  const seen =
    viewerId !== null && (isAuthor || readBool(row.is_connected) || readBool(row.follows_author));
  const reactions: Record<string, number> = {};
  let myReaction: string | null = null;
  let myReactionId: number | null = null;
  if (seen) {
    for (const count of counts) {
      reactions[count.type] = count.count;
      if (count.mine > 0) {
        myReaction = count.type;
        myReactionId = count.mine;
      }
    }
  }
  const verifiedOnly = commentsVerifiedOnly({
    isAuthor,
    authorRequiresIdentification: readBool(row.author_requires_identification),
    viewerIdentified: readBool(row.viewer_identified),
  });
  return {
    seen,
    reactions,
    myReaction,
    myReactionId,
    canComment: seen && readBool(row.author_comments_allowed) && !verifiedOnly,
    canReact: seen && readBool(row.author_allows_reactions),
  };
}
