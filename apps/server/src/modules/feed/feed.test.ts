import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { isoTime } from '../../db/dialect.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { insertCollection } from '../../test/content.js';
import { buildViewerWorld, type ViewerWorld } from '../../test/viewer-world.js';
import { queryCountingApp } from '../../test/query-count.js';
import { followUser, grantRules } from '../../test/social.js';

const HYDRA = { accept: 'application/ld+json' };

interface Page {
  'hydra:member': Array<{ id: number; title: string }>;
  'hydra:totalItems': number;
}

/**
 * Feed and discover per kind of viewer (docs/RULES.md, Feed and discover): the author posts one
 * memo into a collection of each type, plus a scheduled one; each viewer's feed holds exactly the
 * memos of the types they may read, when they are connected with or follow the author.
 */
describeDb('feed and discover', () => {
  let t: TestApp;
  let w: ViewerWorld;
  const memoOf = {} as Record<CollectionType, number>;
  let scheduledId: number;

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...HYDRA } });
  const titles = (page: Page) => page['hydra:member'].map((m) => m.title);
  const feedOf = async (headers: Record<string, string>, query = '') => {
    const res = await get(`/api/feed${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const discoverOf = async (headers: Record<string, string>, query = '') => {
    const res = await get(`/api/discover${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const post = async (headers: Record<string, string>, title: string, collection: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers,
      payload: { title, memos_per_collection: [collection] },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
    // the follower follows; the contacts are connected; the stranger is neither
    for (const type of COLLECTION_TYPES) {
      memoOf[type] = await post(w.author.headers, `memo in ${type}`, w.collections[type]);
    }
    await grantRules(t, w.author.id, { has_subscription: true, silver: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: w.author.headers,
      payload: {
        title: 'scheduled memo',
        memos_per_collection: [w.collections.public],
        isScheduled: true,
        memo_scheduled: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    scheduledId = res.json().id as number;
    // the contacts post too: the author must not see their own memos, only these
    await post(
      w.people.otherContact.headers,
      'memo by a contact',
      await insertCollection(t, w.people.otherContact.id, 'all_contacts'),
    );
  });
  afterAll(() => t?.close());

  const expected = (types: readonly CollectionType[]) =>
    COLLECTION_TYPES.filter((type) => types.includes(type))
      .map((type) => `memo in ${type}`)
      .sort();

  describe('feed', () => {
    const FEED: Record<string, readonly CollectionType[]> = {
      follower: ['all_contacts_followers', 'public'],
      otherContact: ['all_contacts', 'all_contacts_followers', 'public'],
      selectedContact: ['selected_contacts', 'all_contacts', 'all_contacts_followers', 'public'],
      verifiedContact: ['identified_contacts', 'all_contacts', 'all_contacts_followers', 'public'],
      stranger: [],
      blocked: [],
    };
    for (const [kind, types] of Object.entries(FEED)) {
      it(`holds what a ${kind} may read of the people they follow or are connected with`, async () => {
        const page = await feedOf(w.headers[kind as keyof ViewerWorld['headers']]);
        const ofAuthor = titles(page).filter((title) => title.startsWith('memo in '));
        expect(ofAuthor.sort()).toEqual(expected(types));
        expect(titles(page)).not.toContain('scheduled memo');
      });
    }

    it('never holds my own memos; my contacts’ memos are there', async () => {
      const page = await feedOf(w.author.headers);
      expect(titles(page)).toEqual(['memo by a contact']);
      expect(page['hydra:totalItems']).toBe(1);
    });

    it('is for signed-in people only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/feed' });
      expect(res.statusCode).toBe(401);
      const latest = await t.app.inject({ method: 'GET', url: '/api/feed/latest' });
      expect(latest.statusCode).toBe(401);
    });

    it('leaves out a muted collection, and shows it again once unmuted', async () => {
      const viewer = w.people.otherContact.headers;
      const mute = await t.app.inject({
        method: 'POST',
        url: '/api/muted/collection',
        headers: viewer,
        payload: { collection: `/api/collection/${w.collections.public}` },
      });
      expect(mute.statusCode, mute.body).toBe(201);
      const muted = await feedOf(viewer);
      expect(titles(muted)).not.toContain('memo in public');
      expect(titles(muted)).toContain('memo in all_contacts');
      await t.database.db.deleteFrom('muted_collections').execute();
      expect(titles(await feedOf(viewer))).toContain('memo in public');
    });

    it('answers full memo answers, newest first', async () => {
      const page = await feedOf(w.people.selectedContact.headers);
      const ids = page['hydra:member'].map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const first = page['hydra:member'][0] as unknown as Record<string, unknown>;
      expect(first['@id']).toMatch(/^\/api\/memo\/\d+$/);
      expect(first.author).toMatchObject({ id: w.author.id });
    });

    it('tells when its newest memo was published (the new-content check)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/feed/latest',
        headers: w.people.follower.headers,
      });
      expect(res.statusCode).toBe(200);
      const { latest } = res.json() as { latest: string };
      const row = await t.database.db
        .selectFrom('memos')
        .select('published_at')
        .where('id', '=', memoOf.public)
        .executeTakeFirstOrThrow();
      expect(latest).toBe(isoTime(row.published_at));
      const empty = await t.app.inject({
        method: 'GET',
        url: '/api/feed/latest',
        headers: w.people.stranger.headers,
      });
      expect(empty.json()).toEqual({ latest: null });
      expect(scheduledId).toBeGreaterThan(0);
    });

    it('searches within the feed', async () => {
      const page = await feedOf(w.people.otherContact.headers, '?search=ALL_contacts');
      expect(titles(page).sort()).toEqual([
        'memo in all_contacts',
        'memo in all_contacts_followers',
      ]);
    });
  });

  describe('discover', () => {
    it('shows public memos of others to everyone but their author and blocked people', async () => {
      for (const kind of ['follower', 'otherContact', 'stranger', 'visitor'] as const) {
        const page = await discoverOf(w.headers[kind]);
        expect([kind, titles(page).filter((x) => x.startsWith('memo in '))]).toEqual([
          kind,
          ['memo in public'],
        ]);
        expect(titles(page)).not.toContain('scheduled memo');
      }
      expect(titles(await discoverOf(w.author.headers))).not.toContain('memo in public');
      expect(titles(await discoverOf(w.people.blocked.headers))).not.toContain('memo in public');
    });

    it('searches public posts by hashtag or words, for visitors too, and nothing else', async () => {
      const tagged = async (title: string, collection: string, tags: string[], text?: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/memo',
          headers: w.author.headers,
          payload: {
            title,
            memos_per_collection: [collection],
            memo_tags: tags,
            ...(text ? { description: `<p>${text}</p>` } : {}),
          },
        });
        if (res.statusCode !== 201) throw new Error(res.body);
      };
      await tagged('Soup night', w.collections.public, ['waterzooi']);
      await tagged(
        'Ghent stew',
        w.collections.public,
        [],
        'Try the <a data-type="hashtag" data-label="waterzooi" href="/?search=waterzooi">#waterzooi</a>',
      );
      await tagged('Secret soup', w.collections.all_contacts, ['waterzooi']);
      for (const kind of ['visitor', 'stranger', 'otherContact'] as const) {
        for (const query of ['?search=%23waterzooi', '?search=WATERZOOI']) {
          const page = await discoverOf(w.headers[kind], query);
          expect([kind, query, titles(page).sort()]).toEqual([
            kind,
            query,
            ['Ghent stew', 'Soup night'],
          ]);
        }
        const both = await discoverOf(w.headers[kind], '?search=waterzooi%20ghent');
        expect(titles(both)).toEqual(['Ghent stew']);
        expect(titles(await discoverOf(w.headers[kind], '?search=nothinglikethis'))).toEqual([]);
      }
      expect(titles(await discoverOf(w.author.headers, '?search=waterzooi'))).toEqual([]);
      const tooLong = await get(`/api/discover?search=${'x'.repeat(1000)}`, {});
      expect(tooLong.statusCode).toBe(422);
    });

    /** Every account gets an enabled public profile, as discover people lists only those. */
    async function makeEveryProfilePublic() {
      const { db, dialect } = t.database;
      const yes = dialect.bool(true);
      await db
        .updateTable('user_profiles')
        .set({ user_has_public_profile: yes, public_profile_enabled: yes })
        .execute();
    }

    it('lists public profiles of others without excluded or blocked people', async () => {
      await makeEveryProfilePublic();
      const people = async (headers: Record<string, string>) => {
        const res = await get('/api/discover/people?itemsPerPage=100', headers);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { 'hydra:member': Array<{ id: number }> })['hydra:member'].map(
          (p) => p.id,
        );
      };
      const visitorSees = await people({});
      expect(visitorSees).toContain(w.author.id);
      expect(visitorSees).toContain(w.people.blocked.id);
      const strangerSees = await people(w.people.stranger.headers);
      expect(strangerSees).toContain(w.author.id);
      expect(strangerSees).not.toContain(w.people.stranger.id);
      const exclude = await t.app.inject({
        method: 'POST',
        url: '/api/suggestion_exclude',
        headers: w.people.stranger.headers,
        payload: { userDoNotSuggest: `/api/user/${w.author.id}` },
      });
      expect(exclude.statusCode, exclude.body).toBeLessThan(300);
      expect(await people(w.people.stranger.headers)).not.toContain(w.author.id);
      expect(await people(w.author.headers)).not.toContain(w.people.blocked.id);
      expect(await people(w.people.blocked.headers)).not.toContain(w.author.id);
    });

    it('pages people by name; the total counts to the page end, the profile search counts all', async () => {
      await makeEveryProfilePublic();
      type Page = {
        'hydra:member': Array<{ id: number; name: string }>;
        'hydra:totalItems': number;
      };
      const page = async (url: string) => {
        const res = await get(url, {});
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Page;
      };
      const all = await page('/api/discover/people?itemsPerPage=100');
      const everyone = all['hydra:member'];
      expect(everyone.length).toBeGreaterThan(3);
      const byName = [...everyone].sort(
        (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
      );
      expect(everyone.map((p) => p.id)).toEqual(byName.map((p) => p.id));
      expect(all['hydra:totalItems']).toBe(everyone.length);

      const seen: number[] = [];
      for (let offset = 0; offset < everyone.length; offset += 2) {
        const part = await page(`/api/discover/people?itemsPerPage=2&offset=${offset}`);
        seen.push(...part['hydra:member'].map((p) => p.id));
        const more = offset + 2 < everyone.length;
        expect(part['hydra:totalItems']).toBe(seen.length + (more ? 1 : 0));
      }
      expect(seen).toEqual(byName.map((p) => p.id));

      const search = await page('/api/user/profiles/public?itemsPerPage=2');
      expect(search['hydra:member'].map((p) => p.id)).toEqual(byName.slice(0, 2).map((p) => p.id));
      expect(search['hydra:totalItems']).toBe(everyone.length);
    });
  });

  describe('paging', () => {
    it('pages by offset newest first; an offset moved by one for a removed memo skips nothing', async () => {
      const reader = w.people.stranger;
      const writer = w.people.verifiedContact;
      await followUser(t, reader.id, writer.id);
      const collection = await insertCollection(t, writer.id, 'public');
      const ids: number[] = [];
      for (let i = 0; i < 23; i += 1)
        ids.push(await post(writer.headers, `paged ${i}`, collection));
      const newest = [...ids].reverse();
      const first = await feedOf(reader.headers);
      expect(first['hydra:member'].map((m) => m.id)).toEqual(newest.slice(0, 10));
      expect(first['hydra:totalItems']).toBe(11);
      const second = await feedOf(reader.headers, '?page=2');
      expect(second['hydra:member'].map((m) => m.id)).toEqual(newest.slice(10, 20));
      const third = await feedOf(reader.headers, '?offset=20');
      expect(third['hydra:member'].map((m) => m.id)).toEqual(newest.slice(20));
      expect(third['hydra:totalItems']).toBe(23);
      // the reader holds the first 10; one of them is deleted: the next page starts at 9
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/memo/${newest[3]}`,
        headers: writer.headers,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      const next = await feedOf(reader.headers, '?offset=9');
      expect(next['hydra:member'].map((m) => m.id)).toEqual(newest.slice(10, 20));
      // discover pages the same way
      const d1 = await discoverOf({}, '?itemsPerPage=5');
      const d2 = await discoverOf({}, '?itemsPerPage=5&offset=5');
      const both = [...d1['hydra:member'], ...d2['hydra:member']].map((m) => m.id);
      expect(both).toEqual(newest.filter((id) => id !== newest[3]).slice(0, 10));
    });

    it('answers a page in at most 6 queries, whatever its size', async () => {
      const counting = await queryCountingApp(t);
      try {
        for (const [url, headers] of [
          ['/api/feed', w.people.stranger.headers],
          ['/api/feed?itemsPerPage=50', w.people.stranger.headers],
          ['/api/feed/latest', w.people.stranger.headers],
          ['/api/discover?itemsPerPage=50', w.people.stranger.headers],
          ['/api/discover?itemsPerPage=50', {}],
        ] as const) {
          const { status, queries } = await counting.get(url, { ...headers, ...HYDRA });
          expect([url, status]).toEqual([url, 200]);
          // session check, ids, memo rows, todos and tags, collections, attachments
          expect([url, queries <= 6]).toEqual([url, true]);
        }
      } finally {
        await counting.close();
      }
    });

    it('answers a page of discover people in at most 5 queries, whatever its size', async () => {
      const yes = t.database.dialect.bool(true);
      await t.database.db
        .updateTable('user_profiles')
        .set({ user_has_public_profile: yes, public_profile_enabled: yes })
        .execute();
      const counting = await queryCountingApp(t, { answerCacheMb: 0 });
      try {
        for (const [url, headers] of [
          ['/api/discover/people', w.people.stranger.headers],
          ['/api/discover/people?itemsPerPage=50', w.author.headers],
          ['/api/discover/people?itemsPerPage=50', {}],
        ] as const) {
          // the first request of a session also reads the session (the auth layer keeps it)
          await counting.get(url, { ...headers, ...HYDRA });
          const { status, body, queries } = await counting.get(url, { ...headers, ...HYDRA });
          expect([url, status]).toEqual([url, 200]);
          expect((body as Page)['hydra:member'].length).toBeGreaterThan(0);
          // ids, people, relations to the viewer, their counters, shared contact fields
          expect([url, queries <= 5]).toEqual([url, true]);
        }
      } finally {
        await counting.close();
      }
    });
  });
});
