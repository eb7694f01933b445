import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { bearer, createDelegation, signedInUser, type SignedIn } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import {
  blockUser,
  connectUsers,
  followUser,
  grantRules,
  identifyUser,
} from '../../test/social.js';

/** The kinds of viewer of DESIGN.md §6, as seen from one author. */
export const VIEWER_KINDS = [
  'author',
  'delegate',
  'collaborator',
  'selectedContact',
  'verifiedContact',
  'otherContact',
  'follower',
  'stranger',
  'visitor',
  'blocked',
] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/** Who reads each collection type (visitor reads through /api/p/). */
export const READS: Record<ViewerKind, readonly CollectionType[]> = {
  author: COLLECTION_TYPES,
  delegate: COLLECTION_TYPES,
  collaborator: [
    'selected_contacts',
    'identified_contacts',
    'all_contacts',
    'all_contacts_followers',
    'public',
  ],
  selectedContact: ['selected_contacts', 'all_contacts', 'all_contacts_followers', 'public'],
  verifiedContact: ['identified_contacts', 'all_contacts', 'all_contacts_followers', 'public'],
  otherContact: ['all_contacts', 'all_contacts_followers', 'public'],
  follower: ['all_contacts_followers', 'public'],
  stranger: ['public'],
  visitor: ['public'],
  blocked: [],
};

/** Collaboration is on for the types that allow it. */
export const COLLABORATIVE: readonly CollectionType[] = [
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
];

export interface World {
  author: SignedIn;
  /** user ids per kind (the delegate acts as the author; the visitor has none) */
  ids: Record<Exclude<ViewerKind, 'visitor' | 'delegate'>, number>;
  /** authorization headers per kind ({} for the visitor) */
  headers: Record<ViewerKind, Record<string, string>>;
  /** collection id per type */
  collections: Record<CollectionType, string>;
}

/**
 * One author with a collection of every type (calls allowed, collaboration on where it
 * may be) and one person of every viewer kind. The blocked person was a selected contact
 * and a follower before being blocked, so only the block hides things from them.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const author = await signedInUser(t, { name: 'Ada Author' });
  await grantRules(t, author.id, { has_subscription: true, silver: true });
  const people: Record<string, SignedIn> = {};
  const names: Record<string, string> = {
    collaborator: 'Carla Collaborator',
    selectedContact: 'Sam Selected',
    verifiedContact: 'Vera Verified',
    otherContact: 'Otto Other',
    follower: 'Fay Follower',
    stranger: 'Stan Stranger',
    blocked: 'Bob Blocked',
  };
  for (const [kind, name] of Object.entries(names)) {
    people[kind] = await signedInUser(t, { name });
  }
  const id = (kind: string) => (people[kind] as SignedIn).id;
  for (const kind of [
    'collaborator',
    'selectedContact',
    'verifiedContact',
    'otherContact',
    'blocked',
  ]) {
    await connectUsers(t, author.id, id(kind));
  }
  await identifyUser(t, id('collaborator'));
  await identifyUser(t, id('verifiedContact'));
  await followUser(t, id('follower'), author.id);
  await followUser(t, id('blocked'), author.id);

  const collections = {} as Record<CollectionType, string>;
  for (const type of COLLECTION_TYPES) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: author.headers,
      payload: {
        name: `${type} collection`,
        type,
        is_collaboration: COLLABORATIVE.includes(type),
        user_can_join_call: true,
        group_name: type === 'public' ? 'Open' : 'Shared',
        users_per_collection:
          type === 'selected_contacts'
            ? [id('collaborator'), id('selectedContact'), id('blocked')].map(
                (u) => `/api/user/${u}`,
              )
            : [],
      },
    });
    if (res.statusCode !== 201) throw new Error(`create ${type}: ${res.statusCode} ${res.body}`);
    collections[type] = res.json().id;
  }
  await blockUser(t, author.id, id('blocked'));

  const delegatePerson = await signedInUser(t, { name: 'Dan Delegate' });
  const { secure_token } = await createDelegation(t, author, delegatePerson);
  const switched = await t.app.inject({
    method: 'POST',
    url: '/api/switch-user',
    headers: delegatePerson.headers,
    payload: { account_user: `/api/user/${author.id}`, secure_token },
  });
  if (switched.statusCode !== 200) throw new Error(`switch-user: ${switched.body}`);

  const headers: Partial<World['headers']> = { author: author.headers, visitor: {} };
  headers.delegate = bearer(switched.json().token);
  for (const [kind, person] of Object.entries(people)) {
    headers[kind as ViewerKind] = person.headers;
  }
  const ids = { author: author.id } as World['ids'];
  for (const kind of Object.keys(names)) ids[kind as keyof World['ids']] = id(kind);
  return { author, ids, headers: headers as World['headers'], collections };
}
