import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers, followUser } from '../../test/social.js';
import { caller, contactPairs, tokenOfLink, violationOf } from '../connections/test-support.js';

describeDb('blocking', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const makePublic = async (user: SignedIn) => {
    const { db, dialect } = t.database;
    await db
      .updateTable('user_profiles')
      .set({
        user_has_public_profile: dialect.bool(true),
        public_profile_enabled: dialect.bool(true),
      })
      .where('user_id', '=', user.id)
      .execute();
  };

  /** Everything the social graph can bind between two people, made through the API. */
  async function bound(blocker: SignedIn, blocked: SignedIn) {
    const { body: request } = await call(blocker, 'POST', '/api/connection', {
      user_to_email: blocked.usermail,
    });
    await call(blocked, 'GET', `/api/connection/${request.id}/accept`);
    await call(blocker, 'POST', '/api/follow', { following: blocked.id });
    await call(blocked, 'POST', '/api/follow', { following: blocker.id });
    await call(blocker, 'POST', '/api/favourite-contact', { favouriteUser: blocked.id });
    await call(blocked, 'POST', '/api/favourite-contact', { favouriteUser: blocker.id });
    const collection = await call(blocker, 'POST', '/api/collection', {
      name: 'Open',
      type: 'public',
    });
    await call(blocked, 'POST', '/api/favourite-collection', { collection: collection.body.id });
    await call(blocked, 'POST', '/api/content/watching', { user_watching: blocker.id });
    await makePublic(blocker);
    await makePublic(blocked);
    return { connectionId: request.id as number, collectionId: collection.body.id as string };
  }

  /** Every list and search this area owns, as `viewer` sees them: ids of people in each. */
  async function everythingSeenBy(viewer: SignedIn, name: string) {
    const ids = (body: unknown[], pick: (x: never) => number | undefined) =>
      (body as never[]).map(pick).filter((x): x is number => x !== undefined);
    const connectionPeople = (x: { user: { id: number } | null }) => x.user?.id;
    const lists: Record<string, number[]> = {};
    for (const status of ['active', 'outcome', 'income', 'cancelled', 'verified', 'delegations']) {
      lists[`connections:${status}`] = ids(
        (await call(viewer, 'GET', `/api/user/connection?status=${status}`)).body,
        connectionPeople as never,
      );
    }
    lists.inbound = ids(
      (await call(viewer, 'GET', `/api/user/${viewer.id}/connection/inbound`)).body,
      connectionPeople as never,
    );
    lists.outbound = ids(
      (await call(viewer, 'GET', `/api/user/${viewer.id}/connection/outbound`)).body,
      connectionPeople as never,
    );
    lists.rejected = ids(
      (await call(viewer, 'GET', `/api/users/${viewer.id}/user_rejected_connections`)).body,
      connectionPeople as never,
    );
    lists.identified = ids(
      (await call(viewer, 'GET', '/api/identified_contacts')).body,
      connectionPeople as never,
    );
    lists.followers = ids(
      (await call(viewer, 'GET', '/api/followers')).body,
      ((x: { user: { id: number } }) => x.user.id) as never,
    );
    lists.followings = ids(
      (await call(viewer, 'GET', '/api/followings')).body,
      ((x: { user: { id: number } }) => x.user.id) as never,
    );
    lists.favouriteContacts = ids(
      (await call(viewer, 'GET', '/api/favourite-contact')).body,
      ((x: { userId: number }) => x.userId) as never,
    );
    lists.search = ids(
      (await call(viewer, 'GET', `/api/user/profiles/public?search=${encodeURIComponent(name)}`))
        .body,
      ((x: { id: number }) => x.id) as never,
    );
    lists.suggestions = ids(
      (await call(viewer, 'GET', '/api/user/profiles/public?itemsPerPage=100')).body,
      ((x: { id: number }) => x.id) as never,
    );
    return lists;
  }

  describe.each(['blocker', 'blocked'] as const)('seen by the %s', (side) => {
    it('nothing of the other remains in any list, search, profile or favourite', async () => {
      const blocker = await signedInUser(t, { name: `Blocker ${side}` });
      const blocked = await signedInUser(t, { name: `Blocked ${side}` });
      const { connectionId, collectionId } = await bound(blocker, blocked);
      const [viewer, other] = side === 'blocker' ? [blocker, blocked] : [blocked, blocker];

      const before = await everythingSeenBy(
        viewer,
        other === blocker ? `Blocker ${side}` : `Blocked ${side}`,
      );
      for (const list of [
        'connections:active',
        'followers',
        'followings',
        'favouriteContacts',
        'search',
      ]) {
        expect([list, before[list]]).toEqual([list, [other.id]]);
      }
      expect((await call(blocked, 'GET', '/api/favourite-collection')).body).toHaveLength(1);

      const res = await call(blocker, 'POST', '/api/block', { blocked: `/api/user/${blocked.id}` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        '@id': `/api/user/${blocked.id}`,
        user: { id: blocked.id },
      });

      const after = await everythingSeenBy(
        viewer,
        other === blocker ? `Blocker ${side}` : `Blocked ${side}`,
      );
      for (const [list, people] of Object.entries(after)) {
        expect([list, people.includes(other.id)]).toEqual([list, false]);
      }
      expect((await call(blocked, 'GET', '/api/favourite-collection')).body).toEqual([]);
      expect((await call(viewer, 'GET', `/api/user/${other.id}/combined`)).status).toBe(404);
      expect((await call(viewer, 'GET', `/api/p/user/${other.id}`)).status).toBe(404);
      expect((await call(viewer, 'GET', `/api/connection/${connectionId}`)).status).toBe(404);
      expect((await call(viewer, 'GET', '/api/user/contact/count')).body).toEqual({
        connections: 0,
        followers: 0,
        delegations: 0,
        followings: 0,
      });
      // visitors still see the public profile of each
      expect((await call(null, 'GET', `/api/p/user/${other.id}`)).status).toBe(200);
      // the blocked person cannot favourite the blocker's collection again
      if (side === 'blocked') {
        expect(
          (await call(viewer, 'POST', '/api/favourite-collection', { collection: collectionId }))
            .status,
        ).toBe(404);
      }

      // the rows themselves are gone, in one transaction with the block
      const { db } = t.database;
      expect(await contactPairs(t, blocker.id, blocked.id)).toEqual([]);
      expect(
        await db.selectFrom('connections').select('id').where('id', '=', connectionId).execute(),
      ).toEqual([]);
      const follows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', 'in', [blocker.id, blocked.id])
        .where('following_id', 'in', [blocker.id, blocked.id])
        .execute();
      expect(follows).toEqual([]);
      const favourites = await db
        .selectFrom('favourites')
        .select('id')
        .where('user_id', 'in', [blocker.id, blocked.id])
        .execute();
      expect(favourites).toEqual([]);
    });
  });

  it('no new relation either way: requests by email, direct or by link, follows, favourites, watching, QR', async () => {
    const blocker = await signedInUser(t, { name: 'Blocker' });
    const blocked = await signedInUser(t, { name: 'Blocked' });
    const { body: token } = await call(blocker, 'GET', '/api/connection-token');
    const { body: pending } = await call(blocker, 'POST', '/api/connection', {
      user_to_email: blocked.usermail,
    });
    const link = tokenOfLink(t.mail.linkFor(blocked.usermail));
    await call(blocker, 'POST', '/api/block', { blocked: blocked.id });

    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      // by e-mail the answer is that of an unknown address (docs/RULES.md, Connection
      // requests), and nothing reaches the other: no mail, no request
      const mailsBefore = t.mail.sent.length;
      const byEmail = await call(from, 'POST', '/api/connection', { user_to_email: to.usermail });
      expect(byEmail.status).toBe(201);
      expect(byEmail.body).toMatchObject({ user: null, user_inbound: null, user_id: null });
      expect(t.mail.sent.length).toBe(mailsBefore);
      expect((await call(to, 'GET', `/api/user/${to.id}/connection/inbound`)).body).toEqual([]);
      expect(
        (await call(from, 'POST', '/api/connection-direct', { user_outbound: to.id })).status,
      ).toBe(404);
      expect(
        (await call(from, 'POST', '/api/favourite-contact', { favouriteUser: to.id })).status,
      ).toBe(404);
      expect(
        (await call(from, 'POST', '/api/content/watching', { user_watching: to.id })).status,
      ).toBe(422);
      expect(
        (await call(from, 'POST', '/api/suggestion_exclude', { userDoNotSuggest: to.id })).status,
      ).toBe(404);
    }
    expect((await call(blocked, 'POST', '/api/follow', { following: blocker.id })).status).toBe(
      404,
    );
    expect(
      violationOf((await call(blocker, 'POST', '/api/follow', { following: blocked.id })).body)
        .code,
    ).toBe('blocks.blockedByYou');
    expect((await call(blocked, 'GET', `/api/qr_connection/${token.token}`)).status).toBe(404);
    expect((await call(blocked, 'GET', `/api/qr_connection/${token.token}/confirm`)).status).toBe(
      404,
    );
    expect((await call(blocked, 'GET', `/api/connection-token/${link}/accept`)).status).toBe(404);
    expect((await call(blocked, 'GET', `/api/connection/${pending.id}/accept`)).status).toBe(404);
    expect(await contactPairs(t, blocker.id, blocked.id)).toEqual([]);
  });

  it('lists hide blocked people even where rows were written around the block', async () => {
    const a = await signedInUser(t, { name: 'Aa' });
    const b = await signedInUser(t, { name: 'Bb' });
    await connectUsers(t, a.id, b.id);
    await followUser(t, a.id, b.id);
    await followUser(t, b.id, a.id);
    await blockUser(t, b.id, a.id);
    expect((await call(a, 'GET', '/api/user/connection')).body).toEqual([]);
    expect((await call(a, 'GET', '/api/followers')).body).toEqual([]);
    expect((await call(a, 'GET', '/api/followings')).body).toEqual([]);
    expect((await call(a, 'GET', '/api/user/contact/count')).body.connections).toBe(0);
  });

  it('block list, unblock, and bad input', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    expect(violationOf((await call(ann, 'POST', '/api/block', { blocked: ann.id })).body)).toEqual({
      path: 'blocked',
      code: 'blocks.self',
    });
    expect((await call(ann, 'POST', '/api/block', { blocked: 999999 })).status).toBe(404);
    expect(violationOf((await call(ann, 'POST', '/api/block', {})).body).path).toBe('blocked');
    await call(ann, 'POST', '/api/block', { blocked: bob.id });
    expect(
      violationOf((await call(ann, 'POST', '/api/block', { blocked: bob.id })).body).code,
    ).toBe('blocks.already');
    // being blocked does not stop blocking back
    expect((await call(bob, 'POST', '/api/block', { blocked: ann.id })).status).toBe(201);
    const list = await call(ann, 'GET', '/api/blocks', undefined, {
      accept: 'application/ld+json',
    });
    expect(list.body['hydra:totalItems']).toBe(1);
    expect(list.body['hydra:member'][0].user).toMatchObject({ id: bob.id, name: 'Bob' });
    expect((await call(bob, 'DELETE', `/api/block/${bob.id}`)).status).toBe(404);
    expect((await call(ann, 'DELETE', `/api/block/${bob.id}`)).status).toBe(204);
    expect((await call(ann, 'DELETE', `/api/block/${bob.id}`)).status).toBe(404);
    expect((await call(ann, 'GET', '/api/blocks')).body).toEqual([]);
    expect((await call(bob, 'DELETE', `/api/block/${ann.id}`)).status).toBe(204);
    // after unblocking, nothing comes back, but a new request is possible
    expect((await call(ann, 'GET', '/api/user/connection')).body).toEqual([]);
    expect(
      (await call(ann, 'POST', '/api/connection', { user_to_email: bob.usermail })).status,
    ).toBe(201);
    expect((await call(null, 'GET', '/api/blocks')).status).toBe(401);
  });
});
