import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { COLLABORATIVE, insertCollection } from './content.js';
import { bearer, createDelegation, signedInUser, type SignedIn } from './factories.js';
import type { TestApp } from './harness.js';
import { blockUser, connectUsers, followUser, grantRules, identifyUser } from './social.js';

/**
 * One author, a collection of every type and a person of every viewer kind (see
 * docs/RULES.md, who sees what): the world the authorization tests of collections, memos,
 * comments, reactions, the feed and push walk through.
 */

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

/** The kinds that are a person of their own (not the author, who acts, nor their stand-ins). */
export type PersonKind = Exclude<ViewerKind, 'author' | 'delegate' | 'visitor'>;
export const PERSON_KINDS = VIEWER_KINDS.filter(
  (kind): kind is PersonKind => kind !== 'author' && kind !== 'delegate' && kind !== 'visitor',
);

/** Which collection types each kind may read (docs/RULES.md, Audiences). */
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

/** Which types each kind may add memos to. */
export const WRITES = (kind: ViewerKind): readonly CollectionType[] => {
  if (kind === 'author' || kind === 'delegate') return COLLECTION_TYPES;
  if (kind === 'collaborator') return COLLABORATIVE;
  if (kind === 'selectedContact') return ['selected_contacts', 'all_contacts'];
  if (kind === 'verifiedContact') return ['identified_contacts', 'all_contacts'];
  if (kind === 'otherContact') return ['all_contacts'];
  return [];
};

export { COLLABORATIVE };

/** The world: whose session is which (the visitor's headers are empty), each type's collection. */
export interface ViewerWorld {
  author: SignedIn;
  people: Record<PersonKind, SignedIn>;
  headers: Record<ViewerKind, Record<string, string>>;
  collections: Record<CollectionType, string>;
}

/** A session acting for `account` through a delegation (POST /api/switch-user). */
export async function delegateSession(t: TestApp, account: { id: number }) {
  const person = await signedInUser(t, { name: 'Dana Delegate' });
  const { secure_token } = await createDelegation(t, account, person);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/switch-user',
    headers: person.headers,
    payload: { account_user: `/api/user/${account.id}`, secure_token },
  });
  if (res.statusCode !== 200) throw new Error(`switch-user failed: ${res.body}`);
  return bearer(res.json().token as string);
}

/**
 * One author with a collection of every type (calls allowed, collaboration and its checklist
 * on where the type allows it, grouped) and one person of every viewer kind. The author
 * subscribes (silver), so no plan limit gets in the way of what is tested. The blocked person
 * is connected, selected and following, so only the block hides things.
 */
export async function buildViewerWorld(t: TestApp): Promise<ViewerWorld> {
  const author = await signedInUser(t, { name: 'Ada Author' });
  await grantRules(t, author.id, { has_subscription: true, silver: true });
  const people = {} as ViewerWorld['people'];
  for (const kind of PERSON_KINDS) people[kind] = await signedInUser(t, { name: `${kind} person` });
  for (const kind of [
    'collaborator',
    'selectedContact',
    'verifiedContact',
    'otherContact',
    'blocked',
  ] as const) {
    await connectUsers(t, author.id, people[kind].id);
  }
  await identifyUser(t, people.collaborator.id);
  await identifyUser(t, people.verifiedContact.id);
  await followUser(t, people.follower.id, author.id);
  await followUser(t, people.blocked.id, author.id);
  await blockUser(t, author.id, people.blocked.id);
  const collections = {} as Record<CollectionType, string>;
  for (const type of COLLECTION_TYPES) {
    collections[type] = await insertCollection(t, author.id, type, {
      selected:
        type === 'selected_contacts'
          ? [people.collaborator.id, people.selectedContact.id, people.blocked.id]
          : [],
      calls: true,
      group: type === 'public' ? 'Open' : 'Shared',
    });
  }
  const headers: Partial<ViewerWorld['headers']> = { author: author.headers, visitor: {} };
  for (const kind of PERSON_KINDS) headers[kind] = people[kind].headers;
  headers.delegate = await delegateSession(t, author);
  return { author, people, headers: headers as ViewerWorld['headers'], collections };
}
