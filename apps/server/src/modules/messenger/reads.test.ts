import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSENGER } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { queryCountingApp } from '../../test/query-count.js';
import type { SignedIn } from '../../test/factories.js';
import { circle, directThread, groupThread, HYDRA, sent } from './test-support.js';

/**
 * The reads people make most: the thread list and a thread's newest page, in a bounded
 * number of statements whatever their size, each thread answered with every member
 * (docs/PERFORMANCE.md, Messenger).
 */
describeDb('messenger: the thread list and the newest page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  interface ListedUser {
    id: number;
    '@id': string;
    user_id: number;
    name: string;
    label: string;
    isAdmin: boolean;
    admin: boolean;
    block_push: boolean;
    last_read_at: string | null;
    last_read_seq: number;
  }
  interface Listed {
    id: number;
    users: ListedUser[];
    last_message: string | null;
    last_message_created_at: string | null;
    last_read_at: string | null;
    unread: number;
    muted: boolean;
  }

  it('the list runs four statements however many threads, each with all its members', async () => {
    const [ada, bob, cy, dee, eve] = await circle(t, 5, [
      'Ada Home',
      'Bob Builder',
      'Cy Walker',
      'Dee Day',
      'Eve Night',
    ]);
    const group = await groupThread(t, ada!, [bob!, cy!, dee!], 'Gardening club');
    await sent(t, bob!.headers, group, 'tomatoes');
    await sent(t, cy!.headers, group, 'and peppers');
    const counting = await queryCountingApp(t);
    const list = async () => {
      const res = await counting.get('/api/user/threads?itemsPerPage=99999', {
        ...ada!.headers,
        ...HYDRA,
      });
      expect(res.status).toBe(200);
      const body = res.body as { 'hydra:member': Listed[]; 'hydra:totalItems': number };
      expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
      return { threads: body['hydra:member'], queries: res.queries };
    };
    try {
      // the first request of this app reads the session; later ones keep it
      await list();
      const one = await list();
      expect(one.threads.map((x) => x.id)).toEqual([group]);
      const directs: number[] = [];
      for (const other of [bob!, cy!, dee!, eve!]) {
        const id = await directThread(t, ada!, other);
        await sent(t, other.headers, id, `hello from ${other.id}`);
        directs.push(id);
      }
      await t.app.inject({
        method: 'POST',
        url: `/api/thread/${group}/mute`,
        headers: bob!.headers,
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/thread/${directs[0]}/read`,
        headers: ada!.headers,
      });
      await list();
      const five = await list();
      // the count, the page with each thread's last message, the members, their people
      expect(one.queries).toBe(4);
      expect(five.queries).toBe(one.queries);
      expect(five.threads.map((x) => x.id)).toEqual([...directs].reverse().concat(group));

      const byId = new Map(five.threads.map((x) => [x.id, x]));
      const club = byId.get(group)!;
      expect(club.users.map((u) => u.user_id)).toEqual([ada!.id, bob!.id, cy!.id, dee!.id]);
      expect(club.users.map((u) => u.name)).toEqual([
        'Ada Home',
        'Bob Builder',
        'Cy Walker',
        'Dee Day',
      ]);
      for (const u of club.users) {
        expect(u.id).toBe(u.user_id);
        expect(u['@id']).toBe(`/api/user/${u.user_id}`);
        expect(u.isAdmin).toBe(u.admin);
        expect(u.admin).toBe(u.user_id === ada!.id);
        expect(u.block_push).toBe(u.user_id === bob!.id);
      }
      // Bob and Cy read what they sent; Ada and Dee read nothing
      const readAt = (user: SignedIn) => club.users.find((u) => u.user_id === user.id)!;
      expect(readAt(cy!).last_read_seq).toBe(2);
      expect(typeof readAt(cy!).last_read_at).toBe('string');
      expect(readAt(ada!).last_read_at).toBeNull();
      expect(club).toMatchObject({
        last_message: 'and peppers',
        last_read_at: null,
        unread: 2,
        muted: false,
      });
      expect(typeof club.last_message_created_at).toBe('string');
      expect(byId.get(directs[0]!)).toMatchObject({
        unread: 0,
        last_message: `hello from ${bob!.id}`,
      });
      expect(typeof byId.get(directs[0]!)!.last_read_at).toBe('string');
      expect(byId.get(directs[1]!)).toMatchObject({ unread: 1, last_read_at: null });
      // Bob, in two of the threads, is the same person in each
      const bobs = five.threads.flatMap((x) => x.users.filter((u) => u.user_id === bob!.id));
      expect(bobs).toHaveLength(2);
      expect(bobs.map((u) => u.label)).toEqual(['BB', 'BB']);

      // each thread of the list is the thread as GET /api/thread/{id} answers it
      for (const listed of five.threads) {
        const alone = await t.app.inject({
          url: `/api/thread/${listed.id}`,
          headers: ada!.headers,
        });
        expect(alone.json()).toEqual(listed);
      }
    } finally {
      await counting.close();
    }
  });

  it('the newest page runs the same statements for one message and for a full page', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!], 'Counted');
    await sent(t, bob!.headers, id, 'first');
    const counting = await queryCountingApp(t);
    const page = () =>
      counting.get(`/api/thread/${id}/messages?page=1`, { ...ada!.headers, ...HYDRA });
    try {
      await page();
      const one = await page();
      expect(one.status).toBe(200);
      for (let i = 0; i < MESSENGER.messagesPerPage - 1; i += 1) {
        await sent(t, (i % 2 === 0 ? cy : bob)!.headers, id, `message ${i}`);
      }
      const full = await page();
      const members = (full.body as { 'hydra:member': { user: { id: number } }[] })['hydra:member'];
      expect(members).toHaveLength(MESSENGER.messagesPerPage);
      expect(new Set(members.map((m) => m.user.id))).toEqual(new Set([bob!.id, cy!.id]));
      // the members (the reader's membership among them) and the page with its count; the
      // reactions and files of the page; the authors
      expect(one.queries).toBe(5);
      expect(full.queries).toBe(one.queries);
    } finally {
      await counting.close();
    }
  });
});
