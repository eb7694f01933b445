import { afterAll, beforeAll, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import type { CollectionType } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertAccounts, signedInUser, type SignedIn } from '../../test/factories.js';
import { insertCollection } from '../../test/content.js';
import { blockUser, connectUsers, followUser } from '../../test/social.js';
import { discoverQuery, feedByAuthorsQuery, feedQuery } from './store.js';

/**
 * A later feed page found per author (feedByAuthorsQuery) answers exactly what the walk down
 * memos_feed_idx (feedQuery) answers, for a varied world: connections and follows, people
 * blocked either way, every collection type, a memo shared into a readable and an unreadable
 * collection, a memo in another person's collection, a muted collection, a scheduled memo,
 * equal publication times, and one person who posts often and mostly privately, so that some
 * pages are exact per author (authors cut at their floor) and others must walk.
 */
describeDb('feed: pages per author', () => {
  let t: TestApp;
  let people: number[];
  let reader: SignedIn;
  const viewers: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const { db, dialect } = t.database;
    reader = await signedInUser(t, { name: 'Reader' });
    people = [reader.id, ...(await insertAccounts(t, 8))];
    const [viewer, contact, followed, both, blocked, prolific, muted, stranger, blocker] =
      people as [number, number, number, number, number, number, number, number, number];
    await connectUsers(t, viewer, contact);
    await followUser(t, viewer, followed);
    await connectUsers(t, viewer, both);
    await followUser(t, viewer, both);
    await followUser(t, viewer, blocked);
    await blockUser(t, viewer, blocked);
    await followUser(t, viewer, prolific);
    await connectUsers(t, viewer, muted);
    await followUser(t, viewer, blocker);
    await blockUser(t, blocker, viewer);
    // others see the world from elsewhere: a contact who follows the prolific one, a follower
    await followUser(t, contact, prolific);
    await connectUsers(t, contact, both);
    await followUser(t, stranger, followed);
    viewers.push(viewer, contact, followed, stranger, prolific);

    const types: CollectionType[] = [
      'private',
      'all_contacts',
      'public',
      'selected_contacts',
      'all_contacts_followers',
      'identified_contacts',
    ];
    const collectionsOf = new Map<number, string[]>();
    for (const owner of people) {
      const own: string[] = [];
      for (const type of types) {
        own.push(
          await insertCollection(t, owner, type, {
            selected: type === 'selected_contacts' ? [viewer] : [],
          }),
        );
      }
      collectionsOf.set(owner, own);
    }
    const at = (owner: number, i: number) => collectionsOf.get(owner)![i % types.length]!;
    const mutedCollection = at(muted, 2);
    await db
      .insertInto('muted_collections')
      .values({
        user_id: viewer,
        collection_id: mutedCollection,
        created_at: dialect.time(new Date()),
      })
      .execute();

    // memos newest last; two at a time share their publication time
    const start = Date.UTC(2026, 0, 1);
    let n = 0;
    const post = async (author: number, collections: string[], status = 'published') => {
      n += 1;
      const when = dialect.time(new Date(start + Math.floor(n / 2) * 60_000));
      const memo = await db
        .insertInto('memos')
        .values({
          user_id: author,
          title: `memo ${n}`,
          search_text: `memo ${n}`,
          status,
          published_at: status === 'published' ? when : null,
          created_at: when,
          updated_at: when,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const collection of collections) {
        await db
          .insertInto('memos_per_collection')
          .values({ memo_id: memo.id, collection_id: collection, position: n, created_at: when })
          .execute();
      }
    };
    for (let round = 0; round < 40; round += 1) {
      for (const [i, author] of people.entries()) {
        if (author === prolific) {
          // three memos a round, two of them private
          await post(author, [at(author, 0)]);
          await post(author, [at(author, round)]);
          await post(author, [at(author, 0)]);
          continue;
        }
        if ((round + i) % 3 === 0 && author !== contact) continue; // posts less often
        await post(author, [at(author, round + i)]);
      }
      if (round % 7 === 0) {
        await post(contact, [at(contact, 0), at(contact, 2)]);
        await post(followed, [at(contact, 1)]);
        await post(both, [at(both, 2)], 'scheduled');
      }
    }
  });
  afterAll(() => t?.close());

  const idsOf = (rows: Array<{ id: unknown }>) => rows.map((r) => Number(r.id));

  /** A published memo of `author` in `collection`, published at `at`; its id. */
  async function publishAt(author: number, collection: string, at: Date, title: string) {
    const { db, dialect } = t.database;
    const when = dialect.time(at);
    const memo = await db
      .insertInto('memos')
      .values({
        user_id: author,
        title,
        search_text: title,
        status: 'published',
        published_at: when,
        created_at: when,
        updated_at: when,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memos_per_collection')
      .values({ memo_id: memo.id, collection_id: collection, position: 1, created_at: when })
      .execute();
    return memo.id;
  }

  /** GET `url` as `who` (null: a visitor), the hydra members' ids and the status. */
  async function listed(url: string, who: SignedIn | null) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(who?.headers ?? {}), accept: 'application/ld+json' },
    });
    const body = res.json() as { 'hydra:member'?: Array<{ id: number }> };
    return { status: res.statusCode, ids: (body['hydra:member'] ?? []).map((m) => m.id), body };
  }

  /** Whether the per-author statement found its answer without walking (its `ok`). */
  async function exactPerAuthor(viewer: number, offset: number, size: number): Promise<boolean> {
    const { db, dialect } = t.database;
    const compiled = feedByAuthorsQuery(db, dialect, viewer, offset, size).compile();
    const head = compiled.sql.slice(0, compiled.sql.indexOf('\n    select fp.id'));
    const used = (head.match(dialect.name === 'sqlite' ? /\?/g : /\$\d+/g) ?? []).length;
    const rows = await db.executeQuery<{ ok: unknown }>(
      CompiledQuery.raw(`${head} select ok from ok`, compiled.parameters.slice(0, used)),
    );
    return Boolean(rows.rows[0]?.ok);
  }

  it('answers every page, page 1 included, as the walk does, exact per author or walking', async () => {
    const { db, dialect } = t.database;
    const seen = { exact: 0, walked: 0, rows: 0 };
    for (const viewer of viewers) {
      for (const size of [3, 6, 11]) {
        for (const offset of [0, 1, 2, 5, 10, 17, 20, 33, 60, 90]) {
          const walk = await feedQuery(db, dialect, viewer, offset, [], size).execute();
          const byAuthors = await feedByAuthorsQuery(db, dialect, viewer, offset, size).compile();
          const rows = await db.executeQuery<{ id: number }>(byAuthors);
          expect([viewer, size, offset, rows.rows.map((r) => Number(r.id))]).toEqual([
            viewer,
            size,
            offset,
            walk.map((r) => Number(r.id)),
          ]);
          seen.rows += walk.length;
          if (await exactPerAuthor(viewer, offset, size)) seen.exact += 1;
          else seen.walked += 1;
        }
      }
    }
    // both ways were taken, with rows
    expect(seen.exact).toBeGreaterThan(20);
    expect(seen.walked).toBeGreaterThan(5);
    expect(seen.rows).toBeGreaterThan(300);
  });

  it('is exact when the page ends on the time an author was cut at', async () => {
    const { db, dialect } = t.database;
    const [watcher, many, one] = (await insertAccounts(t, 3)) as [number, number, number];
    await followUser(t, watcher, many);
    await followUser(t, watcher, one);
    const open = await insertCollection(t, many, 'public');
    const closed = await insertCollection(t, many, 'private');
    const ones = await insertCollection(t, one, 'public');
    const when = new Date(Date.UTC(2027, 0, 1));
    // all at one time: the one memo first (the smallest id), then five, the newest private
    for (const [author, collection] of [
      [one, ones],
      [many, open],
      [many, open],
      [many, open],
      [many, open],
      [many, closed],
    ] as const) {
      await publishAt(author, collection, when, 'same time');
    }
    for (const [offset, size] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ] as const) {
      const walk = await feedQuery(db, dialect, watcher, offset, [], size).execute();
      const rows = await db.executeQuery<{ id: number }>(
        feedByAuthorsQuery(db, dialect, watcher, offset, size).compile(),
      );
      expect(rows.rows.map((r) => Number(r.id))).toEqual(walk.map((r) => Number(r.id)));
    }
  });

  it('pages the feed over HTTP as one list, whatever the page size', async () => {
    const { db, dialect } = t.database;
    const all = (await feedQuery(db, dialect, reader.id, 0, [], 1000).execute()).map((r) =>
      Number(r.id),
    );
    expect(all.length).toBeGreaterThan(40);
    for (const size of [5, 10]) {
      const seen: number[] = [];
      for (let offset = 0; offset <= all.length; offset += size) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/feed?itemsPerPage=${size}&offset=${offset}`,
          headers: { ...reader.headers, accept: 'application/ld+json' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as {
          'hydra:member': Array<{ id: number }>;
          'hydra:totalItems': number;
        };
        const ids = page['hydra:member'].map((m) => m.id);
        expect(ids).toEqual(all.slice(offset, offset + size));
        seen.push(...ids);
        const more = offset + ids.length < all.length;
        expect(page['hydra:totalItems']).toBe(offset + ids.length + (more ? 1 : 0));
      }
      expect(seen).toEqual(all);
    }
  });

  it('finds the page after the last memo held (after_memo) as the offset does, ties included', async () => {
    const { db, dialect } = t.database;
    let pages = 0;
    for (const viewer of viewers) {
      const all = idsOf(await feedQuery(db, dialect, viewer, 0, [], 1000).execute());
      // odd sizes: pages end on either memo of a pair published at the same time
      for (const size of [3, 7]) {
        for (let offset = size; offset < all.length; offset += size) {
          const after = all[offset - 1]!;
          const rows = await feedQuery(db, dialect, viewer, 0, [], size, { after }).execute();
          const perAuthor = await db.executeQuery<{ id: number }>(
            feedByAuthorsQuery(db, dialect, viewer, 0, size, after).compile(),
          );
          const expected = all.slice(offset, offset + size);
          expect([viewer, size, offset, idsOf(rows)]).toEqual([viewer, size, offset, expected]);
          expect([viewer, size, offset, idsOf(perAuthor.rows)]).toEqual([
            viewer,
            size,
            offset,
            expected,
          ]);
          pages += 1;
        }
      }
    }
    expect(pages).toBeGreaterThan(60);
  });

  it('pages feed and discover over HTTP from the last memo held, to the same lists', async () => {
    const { db, dialect } = t.database;
    const feedAll = idsOf(await feedQuery(db, dialect, reader.id, 0, [], 1000).execute());
    const discoverOf = async (viewer: number | null) =>
      idsOf(await discoverQuery(db, dialect, viewer ?? 0, viewer === null, 0, 1000).execute());
    for (const [path, who, expected] of [
      ['/api/feed', reader, feedAll],
      ['/api/discover', reader, await discoverOf(reader.id)],
      ['/api/discover', null, await discoverOf(null)],
    ] as const) {
      expect(expected.length).toBeGreaterThan(20);
      const seen: number[] = [];
      for (let offset = 0; offset < expected.length; offset += 7) {
        const after = offset > 0 ? `&after_memo=${seen[seen.length - 1]}` : '';
        const page = await listed(`${path}?itemsPerPage=7&offset=${offset}${after}`, who);
        expect(page.status).toBe(200);
        const more = offset + page.ids.length < expected.length;
        expect(page.body['hydra:totalItems' as never]).toBe(
          offset + page.ids.length + (more ? 1 : 0),
        );
        seen.push(...page.ids);
      }
      expect([path, who?.id, seen]).toEqual([path, who?.id, expected]);
    }
  });

  it('answers the offset page when the memo is hidden, gone or unknown: no time of it shows', async () => {
    const { db } = t.database;
    const [writer] = (await insertAccounts(t, 1)) as [number];
    await followUser(t, reader.id, writer);
    const open = await insertCollection(t, writer, 'public');
    const closed = await insertCollection(t, writer, 'private');
    const start = Date.UTC(2026, 5, 1);
    const posted: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const at = new Date(start + i * 60_000);
      posted.push(await publishAt(writer, i === 4 ? closed : open, at, `later ${i}`));
    }
    const hidden = posted[4]!;
    const gone = posted[6]!;
    await db
      .updateTable('memos')
      .set({ status: 'deleted' } as never)
      .where('id', '=', gone)
      .execute();
    for (const path of ['/api/feed', '/api/discover']) {
      const byOffset = await listed(`${path}?itemsPerPage=3&offset=2`, reader);
      expect(byOffset.ids).toHaveLength(3);
      for (const after of [hidden, gone, 999_999_999]) {
        const page = await listed(`${path}?itemsPerPage=3&offset=2&after_memo=${after}`, reader);
        expect([path, after, page.ids]).toEqual([path, after, byOffset.ids]);
      }
    }
    // a visitor paging discover from a memo of a private collection learns nothing either
    const visitorPage = await listed('/api/discover?itemsPerPage=2&offset=1', null);
    expect(
      (await listed(`/api/discover?itemsPerPage=2&offset=1&after_memo=${hidden}`, null)).ids,
    ).toEqual(visitorPage.ids);
  });

  it('does not show a memo twice when one was published after the first page', async () => {
    const before = (await listed('/api/feed?itemsPerPage=10&offset=0', reader)).ids;
    const [newcomer] = (await insertAccounts(t, 1)) as [number];
    await followUser(t, reader.id, newcomer);
    const shelf = await insertCollection(t, newcomer, 'public');
    await publishAt(newcomer, shelf, new Date(Date.UTC(2030, 0, 1)), 'newest');
    const byOffset = await listed('/api/feed?itemsPerPage=5&offset=5', reader);
    const fromLast = await listed(
      `/api/feed?itemsPerPage=5&offset=5&after_memo=${before[4]}`,
      reader,
    );
    // by offset the list moved down by one under the reader: the first page's last memo again
    expect(byOffset.ids[0]).toBe(before[4]);
    expect(fromLast.ids).toEqual(before.slice(5, 10));
  });

  it('refuses an after_memo that is not a memo reference', async () => {
    for (const path of ['/api/feed', '/api/discover']) {
      const res = await listed(`${path}?offset=10&after_memo=abc`, reader);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('after_memo');
    }
  });
});
