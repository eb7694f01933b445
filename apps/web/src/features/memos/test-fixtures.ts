import type { Collection, Memo, MemoCollectionRef, UserSummary } from '@memoria/domain';

/** Test data shaped like the API's answers (contract.md, @memoria/domain memo.ts). */
export function userSummary(id = 7, name = 'Ada Lovelace'): UserSummary {
  return { id, '@id': `/api/user/${id}`, name, picture: null, label: 'AL' };
}

export function collectionRef(overrides: Partial<MemoCollectionRef> = {}): MemoCollectionRef {
  const id = overrides.id ?? 'Coll000001';
  return {
    id,
    '@id': `/api/collection/${id}`,
    name: 'Travel',
    type: 'private',
    author: userSummary(),
    is_collaboration: false,
    collaboration_on_checklist: false,
    is_muted: false,
    ...overrides,
  };
}

export function memoFixture(overrides: Partial<Memo> = {}): Memo {
  const id = overrides.id ?? 1;
  const collection = overrides.collection === undefined ? collectionRef() : overrides.collection;
  return {
    id,
    '@id': `/api/memo/${id}`,
    title: `Memo ${id}`,
    description: null,
    collection,
    author: userSummary(),
    memo_photos: [],
    memo_videos: [],
    memo_documents: [],
    memo_todos: [],
    memo_tags: [],
    date_event: null,
    date_todo_due: null,
    memo_scheduled: null,
    isScheduled: false,
    status: 'published',
    location: null,
    sequence_number: 0,
    reactions: {},
    my_reaction: null,
    my_reaction_id: null,
    comments_number: 0,
    notify_me: false,
    notification_sent: false,
    isHidden: false,
    createdAt: '2030-01-01T10:00:00+00:00',
    updatedAt: '2030-01-01T10:00:00+00:00',
    todo: false,
    content_type: 'text',
    memo_type: 'memo',
    memos_per_collection: collection ? [{ id: id * 10, collection, sequence_number: 0 }] : [],
    is_connected: false,
    can_edit: true,
    can_delete: true,
    can_copy: false,
    can_comment: true,
    can_react: true,
    can_see_engagement: true,
    ...overrides,
  };
}

export function collectionFixture(overrides: Partial<Collection> = {}): Collection {
  const id = overrides.id ?? 'Coll000001';
  return {
    id,
    '@id': `/api/collection/${id}`,
    type: 'private',
    name: 'Travel',
    description: null,
    author: userSummary(),
    author_has_public_profile: false,
    isOwner: true,
    is_collaboration: false,
    collaboration_on_checklist: false,
    allow_add_documents: false,
    allow_replace_documents: false,
    preserve_documents_version: false,
    public_link_on: false,
    notify_me: false,
    content_watching_notify_me: false,
    user_can_join_call: false,
    is_muted: false,
    muted_collection_id: null,
    group_name: null,
    favourite_id: null,
    transfer_collection: false,
    memos_count: 0,
    created_at: '2030-01-01T10:00:00+00:00',
    modified_at: '2030-01-01T10:00:00+00:00',
    picture: null,
    collection_picture: null,
    users_per_collection: [],
    label: 'TR',
    ...overrides,
  };
}
