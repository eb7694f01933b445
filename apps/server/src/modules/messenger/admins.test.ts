import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { circle, groupThread, HYDRA, sent, threadEvents } from './test-support.js';

describeDb('messenger: members, admins, lists, read state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const patch = (headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/thread/${id}`, headers, payload });
  const adminsOf = async (headers: Record<string, string>, id: number) => {
    const thread = (await t.app.inject({ url: `/api/thread/${id}`, headers })).json();
    return thread.users
      .filter((u: { admin: boolean }) => u.admin)
      .map((u: { user_id: number }) => u.user_id);
  };

  it('only admins rename, add, remove and grant; the added and removed are told', async () => {
    const [ada, bob, cy, dan] = await circle(t, 4);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const byMember = await patch(bob!.headers, id, { name: 'Mine' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Only an admin of this conversation can do this.');
    expect((await patch(dan!.headers, id, { name: 'Mine' })).statusCode).toBe(404);
    expect((await patch(ada!.headers, id, { name: '  ' })).statusCode).toBe(422);
    const stranger = await signedInUser(t);
    expect((await patch(ada!.headers, id, { add_users: [stranger.id] })).statusCode).toBe(403);
    expect(
      (await patch(ada!.headers, id, { admins: [{ user: dan!.id, admin: true }] })).statusCode,
    ).toBe(404);

    const changed = await patch(ada!.headers, id, {
      name: 'Renamed',
      description: 'About us',
      add_users: [`/api/user/${dan!.id}`],
      remove_users: [cy!.id],
      admins: [{ user: bob!.id, admin: true }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Renamed', description: 'About us' });
    expect(changed.json().users.map((u: { user_id: number }) => u.user_id)).toEqual([
      ada!.id,
      bob!.id,
      dan!.id,
    ]);
    expect(await adminsOf(ada!.headers, id)).toEqual([ada!.id, bob!.id]);
    expect(
      (await t.app.inject({ url: `/api/thread/${id}`, headers: cy!.headers })).statusCode,
    ).toBe(404);
    expect((await threadEvents(t, id)).slice(2)).toEqual([
      { type: 'added_to_existing_group_thread', to: dan!.id },
      { type: 'removed_from_thread', to: cy!.id },
    ]);
    // bob, now an admin, removes dan through the member path
    const url = `/api/thread/${id}/user/${dan!.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: dan!.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob!.headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob!.headers })).statusCode).toBe(
      404,
    );
    expect((await threadEvents(t, id)).at(-1)).toEqual({
      type: 'removed_from_thread',
      to: dan!.id,
    });
  });

  it('the last admin leaving hands admin to the longest-standing member', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!]);
    const exit = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/thread/${id}/exit`, headers });
    expect((await exit(ada!.headers)).statusCode).toBe(204);
    expect(await adminsOf(bob!.headers, id)).toEqual([bob!.id]);
    expect((await exit(ada!.headers)).statusCode).toBe(404);
    // revoking one's own admin as the last admin hands it on too
    expect(
      (await patch(bob!.headers, id, { admins: [{ user: bob!.id, admin: false }] })).statusCode,
    ).toBe(200);
    expect(await adminsOf(bob!.headers, id)).toEqual([bob!.id]);
  });

  it('the list: newest activity first, unread counts, read, mute, search', async () => {
    const [ada, bob, cy] = await circle(t, 3, ['Ada Home', 'Bob Builder', 'Cy Walker']);
    await connectUsers(t, bob!.id, cy!.id);
    const first = await groupThread(t, ada!, [bob!], 'Gardening club');
    const second = await groupThread(t, ada!, [bob!, cy!], 'Chess');
    await sent(t, bob!.headers, first, 'tomatoes grow well in the greenhouse');
    await sent(t, bob!.headers, first, 'and peppers');
    const list = async (query = '') =>
      (
        await t.app.inject({
          url: `/api/user/threads?itemsPerPage=99999${query}`,
          headers: ada!.headers,
        })
      ).json();
    const threads = await list();
    expect(threads.map((x: { id: number }) => x.id)).toEqual([first, second]);
    expect(threads[0]).toMatchObject({ unread: 2, last_message: 'and peppers', muted: false });
    expect(typeof threads[0].last_message_created_at).toBe('string');
    const unread = () => t.app.inject({ url: '/api/thread/unread', headers: ada!.headers });
    expect((await unread()).json()).toEqual({ unread: 2, threads: 1 });

    const mute = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${first}/mute`,
      headers: ada!.headers,
    });
    expect(mute.json()).toEqual({ thread_id: first, muted: true });
    expect((await unread()).json()).toEqual({ unread: 0, threads: 0 });
    expect((await list())[0]).toMatchObject({ muted: true, unread: 2 });
    await t.app.inject({
      method: 'POST',
      url: `/api/thread/${first}/un-mute`,
      headers: ada!.headers,
    });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${first}/read`,
      headers: ada!.headers,
    });
    expect(read.json()).toMatchObject({ thread_id: first, last_read_seq: 2 });
    expect((await unread()).json()).toEqual({ unread: 0, threads: 0 });
    expect((await list())[0]).toMatchObject({ unread: 0 });
    expect(typeof (await list())[0].last_read_at).toBe('string');

    const ids = async (search: string) =>
      (await list(`&search=${encodeURIComponent(search)}`)).map((x: { id: number }) => x.id);
    expect(await ids('chess')).toEqual([second]);
    expect(await ids('walker')).toEqual([second]);
    expect(await ids('greenhou')).toEqual([first]);
    expect(await ids('PEPPERS')).toEqual([first]);
    expect(await ids('nothing-like-this')).toEqual([]);
    const searched = await t.app.inject({
      url: '/api/thread/search?search=tomatoes&itemsPerPage=1',
      headers: { ...ada!.headers, ...HYDRA },
    });
    expect(searched.json()['hydra:totalItems']).toBe(1);
    // only the caller's threads are searched
    const outsider = await signedInUser(t);
    const theirs = await t.app.inject({
      url: '/api/thread/search?search=tomatoes',
      headers: outsider.headers,
    });
    expect(theirs.json()).toEqual([]);
    // paged in the database
    const page = await t.app.inject({
      url: '/api/user/threads?itemsPerPage=1&page=2',
      headers: { ...ada!.headers, ...HYDRA },
    });
    expect(page.json()['hydra:member'].map((x: { id: number }) => x.id)).toEqual([second]);
    expect(page.json()['hydra:totalItems']).toBe(2);
  });

  it('not a member: mute, read, exit and members answer 404', async () => {
    const [ada, bob] = await circle(t, 2);
    const id = await groupThread(t, ada!, [bob!]);
    const outsider = await signedInUser(t);
    for (const path of ['mute', 'un-mute', 'read', 'exit']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/thread/${id}/${path}`,
        headers: outsider.headers,
      });
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
    for (const bad of ['abc', '0', '99999999999']) {
      const res = await t.app.inject({ url: `/api/thread/${bad}`, headers: ada!.headers });
      expect([bad, res.statusCode]).toEqual([bad, 404]);
    }
  });
});
