import {
  iri,
  initialsOf,
  type Collection,
  type CollectionMember,
  type CollectionType,
  type MemoCollectionRef,
  type UserSummary,
} from '@memoria/domain';
import { isoTime, readBool, readCount } from '../../db/dialect.js';
import type { Viewer } from '../audience/index.js';
import type { SelectedUserRow, ViewedCollectionRow } from './store.js';
import { avatarUrl } from '../users/people.js';

/** How a person appears inside collections and memos, with their account picture if any. */
export function presentUserSummary(
  id: number,
  name: string,
  avatarId: number | null = null,
): UserSummary {
  return {
    id,
    '@id': iri('user', id),
    name,
    picture: avatarUrl(avatarId, '220w'),
    label: initialsOf(name),
  };
}

export const isOwnerOf = (row: { user_id: number }, viewer: Viewer): boolean =>
  viewer.userId !== null && viewer.userId === row.user_id;

/**
 * What other modules add to a collection answer. `favouriteId`: the viewer's favourite row
 * for this collection (the favourites work fills it; null until then). `picture`: the cover
 * picture's 550w URL once the media work resolves `picture_id`.
 */
export interface CollectionExtras {
  favouriteId?: number | null;
  picture?: string | null;
}

/** A collection as `viewer` may see it: the audience type and selected people for the owner only. */
export function presentCollection(
  row: ViewedCollectionRow,
  viewer: Viewer,
  selected: SelectedUserRow[] = [],
  extras: CollectionExtras = {},
): Collection {
  const owner = isOwnerOf(row, viewer);
  const members: CollectionMember[] = owner
    ? selected
        .filter((s) => s.collection_id === row.id)
        .map((s) => ({ id: s.id, user: presentUserSummary(s.user_id, s.name, s.avatar_id) }))
    : [];
  return {
    id: row.id,
    '@id': iri('collection', row.id),
    type: owner ? (row.type as CollectionType) : '',
    name: row.name,
    description: row.description,
    author: presentUserSummary(row.user_id, row.author_name, row.author_avatar_id),
    author_has_public_profile: readBool(row.author_public_profile),
    isOwner: owner,
    is_collaboration: readBool(row.is_collaboration),
    collaboration_on_checklist: readBool(row.collaboration_on_checklist),
    allow_add_documents: readBool(row.allow_add_documents),
    allow_replace_documents: readBool(row.allow_replace_documents),
    preserve_documents_version: readBool(row.preserve_documents_version),
    public_link_on: readBool(row.public_link_on),
    notify_me: row.comment_watch_id !== null,
    content_watching_notify_me: row.content_watch_id !== null,
    user_can_join_call: readBool(row.user_can_join_call),
    is_muted: row.muted_id !== null,
    muted_collection_id: row.muted_id,
    group_name: owner ? row.group_name : null,
    favourite_id: extras.favouriteId ?? null,
    transfer_collection: readBool(row.transfer_collection),
    memos_count: readCount(row.memos_count),
    created_at: isoTime(row.created_at) ?? '',
    modified_at: isoTime(row.updated_at) ?? '',
    picture: extras.picture ?? null,
    collection_picture: null,
    users_per_collection: members,
    label: initialsOf(row.name),
    can_add_memos: readBool(row.writable),
  };
}

/** The short form a memo carries of each of its collections (MemoCollectionRef). */
export function presentCollectionRef(row: ViewedCollectionRow, viewer: Viewer): MemoCollectionRef {
  return {
    id: row.id,
    '@id': iri('collection', row.id),
    name: row.name,
    type: isOwnerOf(row, viewer) ? (row.type as CollectionType) : '',
    author: presentUserSummary(row.user_id, row.author_name, row.author_avatar_id),
    is_collaboration: readBool(row.is_collaboration),
    collaboration_on_checklist: readBool(row.collaboration_on_checklist),
    is_muted: row.muted_id !== null,
  };
}
