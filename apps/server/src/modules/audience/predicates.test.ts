import { afterAll, beforeAll, expect, it } from 'vitest';
import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/factories.js';
import { blockUser, connectUsers, followUser, identifyUser } from '../../test/social.js';
import { sql } from 'kysely';
import {
  collectionVisible,
  collectionWritable,
  memoVisible,
  memoVisibleToUser,
} from './predicates.js';
import type { Viewer } from './viewer.js';

/** Every viewer kind of docs/RULES.md, Audiences against every collection type. */
const EXPECTED: Record<string, Record<CollectionType, boolean>> = {
  author: {
    private: true,
    selected_contacts: true,
    identified_contacts: true,
    all_contacts: true,
    all_contacts_followers: true,
    public: true,
  },
  selectedContact: {
    private: false,
    selected_contacts: true,
    identified_contacts: false,
    all_contacts: true,
    all_contacts_followers: true,
    public: true,
  },
  verifiedContact: {
    private: false,
    selected_contacts: false,
    identified_contacts: true,
    all_contacts: true,
    all_contacts_followers: true,
    public: true,
  },
  otherContact: {
    private: false,
    selected_contacts: false,
    identified_contacts: false,
    all_contacts: true,
    all_contacts_followers: true,
    public: true,
  },
  follower: {
    private: false,
    selected_contacts: false,
    identified_contacts: false,
    all_contacts: false,
    all_contacts_followers: true,
    public: true,
  },
  stranger: {
    private: false,
    selected_contacts: false,
    identified_contacts: false,
    all_contacts: false,
    all_contacts_followers: false,
    public: true,
  },
  visitor: {
    private: false,
    selected_contacts: false,
    identified_contacts: false,
    all_contacts: false,
    all_contacts_followers: false,
    public: true,
  },
  blocked: {
    private: false,
    selected_contacts: false,
    identified_contacts: false,
    all_contacts: false,
    all_contacts_followers: false,
    public: false,
  },
};

describeDb('audience predicates', () => {
  let t: TestApp;
  const viewers: Record<string, number | null> = {};
  let authorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    authorId = (await createUser(t)).id;
    viewers.author = authorId;
    for (const kind of ['selectedContact', 'verifiedContact', 'otherContact', 'follower']) {
      viewers[kind] = (await createUser(t)).id;
    }
    viewers.stranger = (await createUser(t)).id;
    viewers.blocked = (await createUser(t)).id;
    viewers.visitor = null;
    for (const kind of ['selectedContact', 'verifiedContact', 'otherContact', 'blocked']) {
      await connectUsers(t, authorId, viewers[kind] as number);
    }
    await identifyUser(t, viewers.verifiedContact as number);
    await followUser(t, viewers.follower as number, authorId);
    await followUser(t, viewers.blocked as number, authorId);
    // A block leaves the connection row in these fixtures on purpose: the block alone must hide.
    await blockUser(t, authorId, viewers.blocked as number);

    const { db, dialect } = t.database;
    const now = dialect.time(new Date());
    for (const type of COLLECTION_TYPES) {
      await db
        .insertInto('collections')
        .values({
          id: idFor(type),
          user_id: authorId,
          type,
          name: type,
          is_collaboration: dialect.bool(true),
          collaboration_on_checklist: dialect.bool(false),
          allow_add_documents: dialect.bool(false),
          allow_replace_documents: dialect.bool(false),
          preserve_documents_version: dialect.bool(false),
          public_link_on: dialect.bool(type === 'private'),
          user_can_join_call: dialect.bool(false),
          transfer_collection: dialect.bool(false),
          secret_token: type === 'private' ? 'secret-of-private' : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await db
      .insertInto('users_per_collection')
      .values({
        collection_id: idFor('selected_contacts'),
        user_id: viewers.selectedContact as number,
        created_at: now,
      })
      .execute();
  });
  afterAll(() => t.close());

  const idFor = (type: CollectionType) => `coll${COLLECTION_TYPES.indexOf(type)}`.padEnd(10, 'x');

  async function visibleTypes(viewer: Viewer): Promise<Set<string>> {
    const rows = await t.database.db
      .selectFrom('collections as c')
      .select('c.type')
      .where(collectionVisible('c', viewer, t.database.dialect))
      .execute();
    return new Set(rows.map((r) => r.type));
  }

  it.each(Object.keys(EXPECTED))('collections visible to %s', async (kind) => {
    const visible = await visibleTypes({ userId: viewers[kind] ?? null });
    for (const type of COLLECTION_TYPES) {
      expect([type, visible.has(type)]).toEqual([type, EXPECTED[kind]![type]]);
    }
  });

  it('a secret link opens the collection it belongs to, for visitors too, never for the blocked', async () => {
    expect(
      (await visibleTypes({ userId: null, collectionSecret: 'secret-of-private' })).has('private'),
    ).toBe(true);
    expect(
      (
        await visibleTypes({
          userId: viewers.stranger ?? null,
          collectionSecret: 'secret-of-private',
        })
      ).has('private'),
    ).toBe(true);
    expect((await visibleTypes({ userId: null, collectionSecret: 'wrong' })).has('private')).toBe(
      false,
    );
    expect(
      (
        await visibleTypes({
          userId: viewers.blocked ?? null,
          collectionSecret: 'secret-of-private',
        })
      ).has('private'),
    ).toBe(false);
  });

  it('only the author and the contact audience of collaborative types may add memos', async () => {
    const writable = async (userId: number | null) => {
      const rows = await t.database.db
        .selectFrom('collections as c')
        .select('c.type')
        .where(collectionWritable('c', { userId }, t.database.dialect))
        .execute();
      return rows.map((r) => r.type).sort();
    };
    expect(await writable(authorId)).toEqual([...COLLECTION_TYPES].sort());
    expect(await writable(viewers.selectedContact ?? null)).toEqual([
      'all_contacts',
      'selected_contacts',
    ]);
    expect(await writable(viewers.verifiedContact ?? null)).toEqual([
      'all_contacts',
      'identified_contacts',
    ]);
    expect(await writable(viewers.follower ?? null)).toEqual([]);
    expect(await writable(viewers.blocked ?? null)).toEqual([]);
    expect(await writable(null)).toEqual([]);
  });

  it('a scheduled memo is the author’s alone; a memo secret opens that memo only', async () => {
    const { db, dialect } = t.database;
    const now = dialect.time(new Date());
    const insertMemo = async (status: string, secret: string | null) => {
      const memo = await db
        .insertInto('memos')
        .values({
          user_id: authorId,
          title: status,
          status,
          notification_sent: dialect.bool(false),
          is_todo: dialect.bool(false),
          secret_token: secret,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memos_per_collection')
        .values({
          memo_id: memo.id,
          collection_id: idFor('public'),
          position: memo.id,
          created_at: now,
        })
        .execute();
      return memo.id;
    };
    const published = await insertMemo('published', null);
    const scheduled = await insertMemo('scheduled', null);
    const privateMemo = await db
      .insertInto('memos')
      .values({
        user_id: authorId,
        title: 'private',
        notification_sent: dialect.bool(false),
        is_todo: dialect.bool(false),
        secret_token: 'memo-secret',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memos_per_collection')
      .values({
        memo_id: privateMemo.id,
        collection_id: idFor('private'),
        position: 1,
        created_at: now,
      })
      .execute();

    const visibleMemos = async (viewer: Viewer) =>
      (
        await db
          .selectFrom('memos as m')
          .select('m.id')
          .where(memoVisible('m', viewer, dialect))
          .orderBy('m.id')
          .execute()
      ).map((r) => r.id);
    expect(await visibleMemos({ userId: authorId })).toEqual([
      published,
      scheduled,
      privateMemo.id,
    ]);
    expect(await visibleMemos({ userId: viewers.stranger ?? null })).toEqual([published]);
    expect(await visibleMemos({ userId: null })).toEqual([published]);
    expect(await visibleMemos({ userId: null, memoSecret: 'memo-secret' })).toEqual([
      published,
      privateMemo.id,
    ]);
    expect(await visibleMemos({ userId: viewers.blocked ?? null })).toEqual([]);
  });
  it('the column form judges many users in one query exactly as one viewer at a time', async () => {
    const { db, dialect } = t.database;
    const now = dialect.time(new Date());
    const memoOf = new Map<number, CollectionType>();
    for (const type of COLLECTION_TYPES) {
      const memo = await db
        .insertInto('memos')
        .values({
          user_id: authorId,
          title: `column ${type}`,
          status: 'published',
          notification_sent: dialect.bool(false),
          is_todo: dialect.bool(false),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memos_per_collection')
        .values({ memo_id: memo.id, collection_id: idFor(type), position: 1, created_at: now })
        .execute();
      memoOf.set(memo.id, type);
    }
    const people = Object.entries(viewers).filter(([, id]) => id !== null);
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('memos as m', (join) => join.onTrue())
      .select(['u.id as user_id', 'm.id as memo_id'])
      .where(
        'u.id',
        'in',
        people.map(([, id]) => id as number),
      )
      .where('m.id', 'in', [...memoOf.keys()])
      .where(memoVisibleToUser('m', sql.ref('u.id'), dialect))
      .execute();
    for (const [kind, id] of people) {
      const seen = rows
        .filter((r) => r.user_id === id)
        .map((r) => memoOf.get(r.memo_id))
        .sort();
      const expected = COLLECTION_TYPES.filter((type) => EXPECTED[kind]![type]).sort();
      expect([kind, seen]).toEqual([kind, expected]);
    }
  });
});
