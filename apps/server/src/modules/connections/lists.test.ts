import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createDelegation, signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers, followUser, identifyUser } from '../../test/social.js';
import { caller, violationOf } from './test-support.js';

describeDb('connection lists, counts and watching', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let me: SignedIn;
  const people: Record<string, SignedIn> = {};
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    me = await signedInUser(t, { name: 'Mia Me' });
    for (const name of ['zoe Zed', 'Adam Ant', 'bea Bold', 'Carl Crew']) {
      people[name] = await signedInUser(t, { name });
      await connectUsers(t, me.id, people[name].id);
    }
    const ws = await signedInUser(t, { name: 'Workspace Co' });
    await t.database.db
      .updateTable('users')
      .set({ user_type: 'workspace', workspace_type: 'workspace' })
      .where('id', '=', ws.id)
      .execute();
    await connectUsers(t, ws.id, me.id);
    people.ws = ws;
    await identifyUser(t, people['Carl Crew']!.id, 'Carl Official Crew');
    await createDelegation(t, me, people['bea Bold']!);
  });
  afterAll(() => t.close());

  const names = (body: Array<{ user: { name: string } }>) => body.map((c) => c.user.name);

  it('active connections by name, case-insensitive, paged, hydra on ld+json', async () => {
    const all = await call(me, 'GET', '/api/user/connection');
    expect(names(all.body)).toEqual([
      'Adam Ant',
      'bea Bold',
      'Carl Crew',
      'Workspace Co',
      'zoe Zed',
    ]);
    const page = await call(
      me,
      'GET',
      '/api/user/connection?status=active&page=2&itemsPerPage=2',
      undefined,
      {
        accept: 'application/ld+json',
      },
    );
    expect(page.headers['content-type']).toContain('application/ld+json');
    expect(page.body['hydra:totalItems']).toBe(5);
    expect(page.body['@type']).toBe('hydra:Collection');
    expect(names(page.body['hydra:member'])).toEqual(['Carl Crew', 'Workspace Co']);
    const offset = await call(me, 'GET', '/api/user/connection?offset=4&page=1&itemsPerPage=2');
    expect(names(offset.body)).toEqual(['zoe Zed']);
  });

  it('filters by user_type, search (name and official name), verified and delegations', async () => {
    expect(names((await call(me, 'GET', '/api/user/connection?user_type=workspace')).body)).toEqual(
      ['Workspace Co'],
    );
    expect((await call(me, 'GET', '/api/user/connection?user_type=normal')).body).toHaveLength(4);
    expect(names((await call(me, 'GET', '/api/user/connection?search=BO')).body)).toEqual([
      'bea Bold',
    ]);
    expect(names((await call(me, 'GET', '/api/user/connection?search=official')).body)).toEqual([
      'Carl Crew',
    ]);
    expect((await call(me, 'GET', '/api/user/connection?search=%25')).body).toEqual([]);
    const verified = await call(me, 'GET', '/api/user/connection?status=verified');
    expect(names(verified.body)).toEqual(['Carl Crew']);
    expect(verified.body[0].user).toMatchObject({
      user_identified: true,
      name_official: 'Carl Official Crew',
    });
    expect(names((await call(me, 'GET', '/api/identified_contacts')).body)).toEqual(['Carl Crew']);
    expect(names((await call(me, 'GET', '/api/user/connection?status=delegations')).body)).toEqual([
      'bea Bold',
    ]);
  });

  it('counts connections, followers, followings and delegations', async () => {
    const fan = await signedInUser(t, { name: 'Fan' });
    await followUser(t, fan.id, me.id);
    await followUser(t, me.id, people['Adam Ant']!.id);
    const counts = await call(me, 'GET', '/api/user/contact/count');
    expect(counts.body).toEqual({ connections: 5, followers: 1, delegations: 1, followings: 1 });
    expect((await call(null, 'GET', '/api/user/contact/count')).status).toBe(401);
  });

  it('counts leave out disabled people and people in a block either way, and only for the person concerned', async () => {
    const star = await signedInUser(t, { name: 'Star' });
    const [fan, gone, blockedByStar, blockerOfStar, both] = await Promise.all(
      ['Fan', 'Gone', 'Blocked', 'Blocker', 'Both'].map((name) => signedInUser(t, { name })),
    );
    const everyone = [fan!, gone!, blockedByStar!, blockerOfStar!, both!];
    for (const person of everyone) {
      await followUser(t, person.id, star.id);
      await followUser(t, star.id, person.id);
      await connectUsers(t, star.id, person.id);
    }
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', gone!.id)
      .execute();
    await blockUser(t, star.id, blockedByStar!.id);
    await blockUser(t, blockerOfStar!.id, star.id);
    // blocked both ways: set aside once, not twice
    await blockUser(t, star.id, both!.id);
    await blockUser(t, both!.id, star.id);
    const counts = await call(star, 'GET', '/api/user/contact/count');
    expect(counts.body).toEqual({ connections: 1, followers: 1, delegations: 0, followings: 1 });
    // the fan's own counts are untouched by blocks between the star and others
    const fanCounts = await call(fan!, 'GET', '/api/user/contact/count');
    expect(fanCounts.body).toEqual({ connections: 1, followers: 1, delegations: 0, followings: 1 });
    // the person the star blocked counts the star nowhere either: a block works both ways
    const blockedCounts = await call(blockedByStar!, 'GET', '/api/user/contact/count');
    expect(blockedCounts.body).toEqual({
      connections: 0,
      followers: 0,
      delegations: 0,
      followings: 0,
    });
  });

  it('contacts see phone numbers, and email where disclosed', async () => {
    const carl = people['Carl Crew']!;
    await t.database.db
      .updateTable('user_profiles')
      .set({ phone_number: '+32470000000', disclose_email: t.database.dialect.bool(true) })
      .where('user_id', '=', carl.id)
      .execute();
    const [card] = (await call(me, 'GET', '/api/user/connection?search=carl')).body;
    expect(card.user).toMatchObject({ phone_number: '+32470000000', usermail: carl.usermail });
  });

  it('watching a connection: PATCH, POST /api/content/watching and the delete call', async () => {
    const adam = people['Adam Ant']!;
    const [card] = (await call(me, 'GET', '/api/user/connection?search=adam')).body;
    expect(card.watching).toBe(false);
    const watch = await call(me, 'POST', '/api/content/watching', {
      user_watching: `/api/user/${adam.id}`,
    });
    expect(watch.status).toBe(201);
    expect(watch.body).toEqual({
      user_watching: `/api/user/${adam.id}`,
      connection: `/api/connection/${card.id}`,
      watching: true,
    });
    expect((await call(me, 'GET', `/api/connection/${card.id}`)).body.watching).toBe(true);
    // the other side keeps its own flag
    expect((await call(adam, 'GET', `/api/connection/${card.id}`)).body.watching).toBe(false);
    expect((await call(me, 'DELETE', `/api/user/${adam.id}/delete-content-watching`)).status).toBe(
      204,
    );
    expect((await call(me, 'GET', `/api/connection/${card.id}`)).body.watching).toBe(false);
    const patched = await call(
      me,
      'PATCH',
      `/api/connection/${card.id}`,
      { watching: true },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(patched.body.watching).toBe(true);

    const stranger = await signedInUser(t, { name: 'Stranger' });
    const notContact = await call(me, 'POST', '/api/content/watching', {
      user_watching: stranger.id,
    });
    expect(violationOf(notContact.body)).toEqual({
      path: 'user_watching',
      code: 'connections.notConnected',
    });
    expect(
      (await call(me, 'DELETE', `/api/user/${stranger.id}/delete-content-watching`)).status,
    ).toBe(404);
    expect(violationOf((await call(me, 'POST', '/api/content/watching', {})).body).path).toBe(
      'user_watching',
    );
    const both = await call(me, 'POST', '/api/content/watching', {
      user_watching: adam.id,
      collection: 'x',
    });
    expect(both.status).toBe(422);
  });

  it('the {collection} form of /api/content/watching reaches the collections module', async () => {
    const created = await call(me, 'POST', '/api/collection', { name: 'Trips', type: 'private' });
    expect(created.status).toBe(201);
    const watch = await call(me, 'POST', '/api/content/watching', {
      collection: created.body['@id'],
    });
    expect(watch.status).toBe(201);
    expect(watch.body).toMatchObject({ collection: created.body['@id'], notify_me: true });
    expect(
      (await call(me, 'GET', `/api/collection/${created.body.id}`)).body.content_watching_notify_me,
    ).toBe(true);
    expect(
      (await call(me, 'POST', '/api/content/watching', { collection: '/api/collection/nope' }))
        .status,
    ).toBe(404);
  });

  it('the personal message of a pending request can be changed by its sender only', async () => {
    const nina = await signedInUser(t, { name: 'Nina' });
    const { body: sent } = await call(me, 'POST', '/api/connection', {
      user_to_email: nina.usermail,
    });
    const headers = { 'content-type': 'application/merge-patch+json' };
    const changed = await call(
      me,
      'PATCH',
      `/api/connection/${sent.id}`,
      { personal_message: 'Hello again' },
      headers,
    );
    expect(changed.body.personal_message).toBe('Hello again');
    expect(
      (await call(nina, 'PATCH', `/api/connection/${sent.id}`, { personal_message: 'x' }, headers))
        .status,
    ).toBe(403);
    expect(
      (await call(me, 'PATCH', `/api/connection/${sent.id}`, { watching: true }, headers)).status,
    ).toBe(422);
    expect(
      (await call(me, 'PATCH', `/api/connection/${sent.id}`, { status: 'active' }, headers)).status,
    ).toBe(422);
  });
});
