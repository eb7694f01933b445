import { randomBytes } from 'node:crypto';
import type { CollectionType } from '@memoria/domain';
import type { SignedIn } from './factories.js';
import type { TestApp } from './harness.js';

/**
 * Collections (through the API, or written straight into the tables for tests of modules
 * that only read them) and memos posted through the API, for tests of any module.
 */

/** Collaboration (and the shared checklist) is on where the type allows it. */
export const COLLABORATIVE: readonly CollectionType[] = [
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
];

export const newCollectionId = () =>
  randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .padEnd(10, 'x');

/** A collection made through the API (POST /api/collection) by `user`; answers its id. */
export async function createCollection(
  t: TestApp,
  user: SignedIn,
  payload: object,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collection',
    headers: user.headers,
    payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

/** A collection written straight into the table. */
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
    /** user_can_join_call */
    calls?: boolean;
    group?: string;
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
      user_can_join_call: dialect.bool(options.calls ?? false),
      group_name: options.group ?? null,
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
