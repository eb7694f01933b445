import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COLLECTION_TYPES } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { blockUser } from '../../test/social.js';
import { blockedBetween, collectionVisible, memoVisible, type Viewer } from '../audience/index.js';
import { insertCollection } from '../../test/content.js';
import { VIEWER_KINDS, buildViewerWorld, type ViewerWorld } from '../../test/viewer-world.js';

/**
 * The lists decide visibility with cheaper conditions than memoVisible (the collection's
 * visibility once, the author's block once). Here every list, paged, for every kind of
 * viewer, must answer exactly what memoVisible allows, in the list's order, with the same
 * hydra:totalItems: collaborators' memos (published and scheduled), a collaborator blocked
 * by a viewer who still sees the collection, pinned memos, memos in several collections.
 */
describeDb('memo lists agree with memoVisible', () => {
  let t: TestApp;
  let w: ViewerWorld;
  const HYDRA = { accept: 'application/ld+json' };
  const lists: string[] = [];

  async function write(headers: Record<string, string>, collections: string[], title: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers,
      payload: { title, memos_per_collection: collections },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  }

  /** Scheduling needs the silver rule; the state is what matters here. */
  async function schedule(id: number) {
    const { db, dialect } = t.database;
    await db
      .updateTable('memos')
      .set({
        status: 'scheduled',
        published_at: null,
        memo_scheduled: dialect.time(new Date(Date.now() + 86_400_000)),
      })
      .where('id', '=', id)
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
    const { author, people } = w;
    const c = w.collections;
    for (const type of COLLECTION_TYPES) {
      await write(author.headers, [c[type]], `${type} one`);
      await write(author.headers, [c[type]], `${type} two`);
    }
    await write(author.headers, [c.private, c.public], 'private and public');
    await schedule(await write(author.headers, [c.all_contacts, c.public], 'author later'));
    // the collaborator writes in the author's collaborative collections
    for (const type of ['selected_contacts', 'all_contacts'] as const) {
      await write(people.collaborator.headers, [c[type]], `collaborator in ${type}`);
      await schedule(await write(people.collaborator.headers, [c[type]], `collab later ${type}`));
    }
    const own = await insertCollection(t, people.collaborator.id, 'public', { name: 'Own' });
    await write(people.collaborator.headers, [own, c.all_contacts], 'collaborator own');
    // a viewer who sees the collection but blocked one of its writers
    await blockUser(t, people.otherContact.id, people.collaborator.id);
    // and two who blocked each other
    await blockUser(t, people.selectedContact.id, people.collaborator.id);
    await blockUser(t, people.collaborator.id, people.selectedContact.id);
    const pinned = await write(author.headers, [c.all_contacts], 'pinned');
    await write(author.headers, [c.all_contacts], 'newer than the pinned one');
    const pin = await t.app.inject({
      url: `/api/memo/pin_on_top/${pinned}?collection=${c.all_contacts}`,
      headers: author.headers,
    });
    expect(pin.statusCode).toBe(200);
    for (const type of COLLECTION_TYPES) lists.push(`collection:${c[type]}`);
    lists.push(`collection:${own}`);
    for (const person of [author, people.collaborator, people.stranger]) {
      lists.push(`user:${person.id}`);
    }
  });
  afterAll(() => t?.close());

  const viewerIdOf = (kind: (typeof VIEWER_KINDS)[number]): number | null => {
    if (kind === 'visitor') return null;
    if (kind === 'author' || kind === 'delegate') return w.author.id;
    return w.people[kind].id;
  };

  /** What memoVisible allows in a list, in the list's order. */
  async function expected(viewer: Viewer, list: string, search: string): Promise<number[]> {
    const { db, dialect } = t.database;
    const [kind, id] = list.split(':') as [string, string];
    const like = `%${search}%`;
    if (kind === 'user') {
      const rows = await db
        .selectFrom('memos as m')
        .select('m.id')
        .where('m.user_id', '=', Number(id))
        .where(memoVisible('m', viewer, dialect))
        .where(sql<boolean>`m.search_text like ${like}`)
        .orderBy('m.id', 'desc')
        .execute();
      return rows.map((r) => r.id);
    }
    const rows = await db
      .selectFrom('memos_per_collection as p')
      .innerJoin('memos as m', 'm.id', 'p.memo_id')
      .select('m.id')
      .where('p.collection_id', '=', id)
      .where(memoVisible('m', viewer, dialect))
      .where(sql<boolean>`m.search_text like ${like}`)
      .orderBy('p.sequence_number', 'desc')
      .orderBy('p.position', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Whether the list itself is closed to the viewer. */
  async function refused(viewer: Viewer, list: string): Promise<boolean> {
    const { db, dialect } = t.database;
    const [kind, id] = list.split(':') as [string, string];
    const v = viewer.userId;
    if (kind === 'collection') {
      const row = await db
        .selectFrom('collections as c')
        .select('c.id')
        .where('c.id', '=', id)
        .where(collectionVisible('c', viewer, dialect))
        .executeTakeFirst();
      return row === undefined;
    }
    if (v === null) return false;
    const row = await db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', '=', Number(id))
      .where(blockedBetween(sql.ref('u.id'), v))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every page of a list, three at a time; the total each page reported. */
  async function answered(kind: (typeof VIEWER_KINDS)[number], list: string, search: string) {
    const [what, id] = list.split(':') as [string, string];
    const base = `${kind === 'visitor' ? '/api/p' : '/api'}/${what}/${id}/memo`;
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let offset = 0; offset < 60; offset += 3) {
      const res = await t.app.inject({
        url: `${base}?itemsPerPage=3&offset=${offset}&search=${encodeURIComponent(search)}`,
        headers: { ...w.headers[kind], ...HYDRA },
      });
      if (res.statusCode !== 200) return { status: res.statusCode, ids, totals: [...totals] };
      const body = res.json();
      totals.add(body['hydra:totalItems'] as number);
      const page = (body['hydra:member'] as Array<{ id: number }>).map((m) => m.id);
      ids.push(...page);
      if (page.length < 3) break;
    }
    return { status: 200, ids, totals: [...totals] };
  }

  it.each(['', 'later'])('every list for every viewer (search %j)', async (search) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const kind of VIEWER_KINDS) {
      const viewer: Viewer = { userId: viewerIdOf(kind) };
      for (const list of lists) {
        const answer = await answered(kind, list, search);
        const ids = await expected(viewer, list, search);
        const label = `${kind} ${list}`;
        if (answer.status !== 200) {
          // a collection this viewer may not read, or a user they blocked (or who blocked
          // them): refused, whatever memos there are
          got.push(`${label}: refused`);
          want.push(`${label}: ${(await refused(viewer, list)) ? 'refused' : 'answered'}`);
          continue;
        }
        got.push(`${label}: ${answer.ids.join(',')} total ${answer.totals.join('/')}`);
        want.push(`${label}: ${ids.join(',')} total ${ids.length}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('the lists show what they must: scheduled memos to their author only, blocks hide a writer', async () => {
    const c = w.collections.all_contacts;
    const titles = async (kind: (typeof VIEWER_KINDS)[number]) => {
      const res = await t.app.inject({
        url: `/api/collection/${c}/memo?itemsPerPage=50`,
        headers: w.headers[kind],
      });
      return (res.json() as Array<{ title: string }>).map((m) => m.title);
    };
    const forAuthor = await titles('author');
    expect(forAuthor[0]).toBe('pinned');
    expect(forAuthor).toContain('author later');
    expect(forAuthor).toContain('collaborator in all_contacts');
    expect(forAuthor).not.toContain('collab later all_contacts');
    const forCollaborator = await titles('collaborator');
    expect(forCollaborator).toContain('collab later all_contacts');
    expect(forCollaborator).not.toContain('author later');
    const forOther = await titles('otherContact');
    expect(forOther).toContain('pinned');
    expect(forOther).not.toContain('collaborator in all_contacts');
    expect(forOther).not.toContain('collaborator own');
  });
});
