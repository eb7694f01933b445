import { randomBytes } from 'node:crypto';
import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { bearer, createDelegation, signedInUser, type SignedIn } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import { blockUser, connectUsers, followUser, identifyUser } from '../../test/social.js';

/** Test fixtures for memo tests: the viewer kinds of DESIGN.md §6 around one author. */

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

/** Which collection types each kind may read (DESIGN.md §6 table). */
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

/** Collaboration (and the shared checklist) is on where the type allows it. */
export const COLLABORATIVE: readonly CollectionType[] = [
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
];

/** Which types each kind may add memos to. */
export const WRITES = (kind: ViewerKind): readonly CollectionType[] => {
  if (kind === 'author' || kind === 'delegate') return COLLECTION_TYPES;
  if (kind === 'collaborator') return COLLABORATIVE;
  if (kind === 'selectedContact') return ['selected_contacts', 'all_contacts'];
  if (kind === 'verifiedContact') return ['identified_contacts', 'all_contacts'];
  if (kind === 'otherContact') return ['all_contacts'];
  return [];
};

export interface MemoWorld {
  author: SignedIn;
  people: Record<Exclude<ViewerKind, 'author' | 'delegate' | 'visitor'>, SignedIn>;
  headers: Record<ViewerKind, Record<string, string>>;
  collections: Record<CollectionType, string>;
}

export const newCollectionId = () =>
  randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .padEnd(10, 'x');

/** A collection written straight into the table (the collections API is another module). */
export async function insertCollection(
  t: TestApp,
  ownerId: number,
  type: CollectionType,
  options: {
    collaboration?: boolean;
    checklist?: boolean;
    selected?: number[];
    name?: string;
    secret?: string;
  } = {},
): Promise<string> {
  const { db, dialect } = t.database;
  const id = newCollectionId();
  const now = dialect.time(new Date());
  const collaboration = options.collaboration ?? COLLABORATIVE.includes(type);
  await db
    .insertInto('collections')
    .values({
      id,
      user_id: ownerId,
      type,
      name: options.name ?? `${type} collection`,
      is_collaboration: dialect.bool(collaboration),
      collaboration_on_checklist: dialect.bool(options.checklist ?? collaboration),
      allow_add_documents: dialect.bool(false),
      allow_replace_documents: dialect.bool(false),
      preserve_documents_version: dialect.bool(false),
      public_link_on: dialect.bool(options.secret !== undefined),
      user_can_join_call: dialect.bool(false),
      transfer_collection: dialect.bool(false),
      secret_token: options.secret ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const userId of options.selected ?? []) {
    await db
      .insertInto('users_per_collection')
      .values({ collection_id: id, user_id: userId, created_at: now })
      .execute();
  }
  return id;
}

/** `count` memos titled "memo 0", "memo 1", … posted by `author` into `collectionId`. */
export async function postMemos(
  t: TestApp,
  author: SignedIn,
  collectionId: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: author.headers,
      payload: { title: `memo ${i}`, memos_per_collection: [collectionId] },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
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
 * One author with a collection of every type and one person of every viewer kind. The
 * blocked person is connected, selected and following, so only the block hides things.
 */
export async function buildMemoWorld(t: TestApp): Promise<MemoWorld> {
  const author = await signedInUser(t, { name: 'Ada Author' });
  const kinds = [
    'collaborator',
    'selectedContact',
    'verifiedContact',
    'otherContact',
    'follower',
    'stranger',
    'blocked',
  ] as const;
  const people = {} as MemoWorld['people'];
  for (const kind of kinds) people[kind] = await signedInUser(t, { name: `${kind} person` });
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
    });
  }
  const headers: Partial<MemoWorld['headers']> = { author: author.headers, visitor: {} };
  for (const kind of kinds) headers[kind] = people[kind].headers;
  headers.delegate = await delegateSession(t, author);
  return { author, people, headers: headers as MemoWorld['headers'], collections };
}
