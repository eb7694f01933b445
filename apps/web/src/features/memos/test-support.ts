import type { Collection, Memo, MemoCollectionRef, UserSummary } from '@memoria/domain';
import { collection } from '../collections/test-support';

/** Test data shaped like the API's answers (docs/DOMAIN.md, @memoria/domain memo.ts). */
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

/** The collection "Travel" of the signed-in user, as the collection lists answer it. */
export function collectionFixture(overrides: Partial<Collection> = {}): Collection {
  return collection({
    id: 'Coll000001',
    name: 'Travel',
    label: 'TR',
    author: userSummary(),
    ...overrides,
  });
}
