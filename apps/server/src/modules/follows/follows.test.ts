import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { blockUser, connectUsers } from '../../test/social.js';
import { activityOf, caller, violationOf } from '../connections/test-support.js';

describeDb('following', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  it('follow, lists both ways, follow-back flags, new_follower event, unfollow', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const res = await call(ann, 'POST', '/api/follow', { following: `/api/user/${bob.id}` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      follower: `/api/user/${ann.id}`,
      following: `/api/user/${bob.id}`,
      following_status: 'active',
    });
    expect((await activityOf(t, bob.id)).at(-1)).toMatchObject({
      type: 'new_follower',
      actor_user_id: ann.id,
    });

    const followings = await call(ann, 'GET', '/api/followings?itemsPerPage=99999');
    expect(followings.body).toEqual([
      expect.objectContaining({
        '@id': `/api/user/${bob.id}`,
        user: expect.objectContaining({ id: bob.id, name: 'Bob', phone_number: null }),
        following_status: 'active',
        follows_you: false,
      }),
    ]);
    const followers = await call(bob, 'GET', '/api/followers', undefined, {
      accept: 'application/ld+json',
    });
    expect(followers.body['hydra:totalItems']).toBe(1);
    expect(followers.body['hydra:member'][0]).toMatchObject({
      user: { id: ann.id },
      following_status: null,
      follows_you: true,
    });
    await call(bob, 'POST', '/api/follow', { following: ann.id });
    expect((await call(bob, 'GET', '/api/followers')).body[0].following_status).toBe('active');
    expect((await call(ann, 'GET', '/api/followings')).body[0].follows_you).toBe(true);

    const profile = await call(ann, 'GET', `/api/user/${bob.id}/combined`);
    expect(profile.body).toMatchObject({ following_status: 'active', follows_you: true });

    expect((await call(ann, 'POST', '/api/follower_unfollow', { following: bob.id })).status).toBe(
      204,
    );
    expect((await call(ann, 'GET', '/api/followings')).body).toEqual([]);
    expect((await call(bob, 'GET', '/api/followers')).body).toEqual([]);
    const again = await call(ann, 'POST', '/api/follower_unfollow', { following: bob.id });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('You do not follow this person.');
  });

  it('refuses following oneself, twice, unknown and blocked people', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const carol = await signedInUser(t, { name: 'Carol' });
    expect(
      violationOf((await call(ann, 'POST', '/api/follow', { following: ann.id })).body),
    ).toEqual({
      path: 'following',
      code: 'follows.self',
    });
    await call(ann, 'POST', '/api/follow', { following: bob.id });
    expect(
      violationOf((await call(ann, 'POST', '/api/follow', { following: bob.id })).body).code,
    ).toBe('follows.already');
    expect((await call(ann, 'POST', '/api/follow', { following: 999999 })).status).toBe(404);
    expect(violationOf((await call(ann, 'POST', '/api/follow', {})).body).path).toBe('following');
    expect(
      violationOf(
        (await call(ann, 'POST', '/api/follow', { following: '/api/collection/x' })).body,
      ),
    ).toEqual({
      path: 'following',
      code: 'validation.invalid',
    });
    await blockUser(t, carol.id, ann.id);
    const blockedMe = await call(ann, 'POST', '/api/follow', { following: carol.id });
    expect(blockedMe.status).toBe(404);
    const byMe = await call(carol, 'POST', '/api/follow', { following: ann.id });
    expect(violationOf(byMe.body)).toEqual({ path: 'following', code: 'blocks.blockedByYou' });
    expect((await call(null, 'POST', '/api/follow', { following: bob.id })).status).toBe(401);
  });

  it('declining a follower removes them and tells them', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    await call(ann, 'POST', '/api/follow', { following: bob.id });
    expect(
      (await call(bob, 'POST', '/api/follower_decline', { follower: `/api/user/${ann.id}` }))
        .status,
    ).toBe(204);
    expect((await call(ann, 'GET', '/api/followings')).body).toEqual([]);
    expect((await activityOf(t, ann.id)).at(-1)).toMatchObject({
      type: 'decline_follower',
      actor_user_id: bob.id,
    });
    const notFollower = await call(bob, 'POST', '/api/follower_decline', { follower: ann.id });
    expect(notFollower.status).toBe(404);
    expect(violationOf((await call(bob, 'POST', '/api/follower_decline', {})).body).path).toBe(
      'follower',
    );
  });

  it('lists search by name, page in the database and show contacts their phone', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const names = ['Xena One', 'Xavier Two', 'Yara Three'];
    const ids: number[] = [];
    for (const name of names) {
      const p = await signedInUser(t, { name });
      ids.push(p.id);
      await call(ann, 'POST', '/api/follow', { following: p.id });
    }
    await connectUsers(t, ann.id, ids[2]!);
    await t.database.db
      .updateTable('user_profiles')
      .set({ phone_number: '+32470000001' })
      .where('user_id', '=', ids[2]!)
      .execute();
    const x = await call(ann, 'GET', '/api/followings?search=x');
    expect(x.body.map((e: { user: { name: string } }) => e.user.name).sort()).toEqual([
      'Xavier Two',
      'Xena One',
    ]);
    const page = await call(ann, 'GET', '/api/followings?itemsPerPage=1&page=1', undefined, {
      accept: 'application/ld+json',
    });
    expect(page.body['hydra:totalItems']).toBe(3);
    // newest first
    expect(page.body['hydra:member'][0].user).toMatchObject({
      name: 'Yara Three',
      phone_number: '+32470000001',
    });
  });
});
