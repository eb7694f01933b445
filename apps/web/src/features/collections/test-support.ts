import type { Collection, UserSummary } from '@memoria/domain';
import { json, testUser } from '../../test/render';

export function person(id: number, name: string): UserSummary {
  return {
    id,
    '@id': `/api/user/${id}`,
    name,
    picture: null,
    label: name.slice(0, 2).toUpperCase(),
  };
}

export const ME = person(7, 'Ada');

let next = 0;

/** A collection as the API answers it; owned by the test user unless told otherwise. */
export function collection(overrides: Partial<Collection> = {}): Collection {
  next += 1;
  const id = overrides.id ?? `Coll${String(next).padStart(6, '0')}`;
  return {
    id,
    '@id': `/api/collection/${id}`,
    type: 'private',
    name: `Collection ${next}`,
    description: null,
    author: ME,
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
    label: 'CO',
    can_add_memos: overrides.isOwner ?? true,
    ...overrides,
  };
}

/** The signed-in test user with the given rules and profile flags. */
export function me(
  rules: Record<string, boolean> = {},
  profile: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const user = testUser();
  return json(200, {
    ...user,
    rules,
    user_can_create_public_collection: rules.public_profile !== false,
    user_profile: { ...user.user_profile, public_profile_enabled: true, ...profile },
    ...extra,
  });
}
