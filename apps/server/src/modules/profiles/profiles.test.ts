import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers, followUser, identifyUser } from '../../test/social.js';
import { caller, setRules, violationOf } from '../connections/test-support.js';

describeDb('profiles', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const makePublic = async (user: SignedIn, extra: Record<string, unknown> = {}) => {
    const { db, dialect } = t.database;
    await db
      .updateTable('user_profiles')
      .set({
        user_has_public_profile: dialect.bool(true),
        public_profile_enabled: dialect.bool(true),
        ...extra,
      })
      .where('user_id', '=', user.id)
      .execute();
  };

  it('combined: profile fields, flags, counts, following and connection status', async () => {
    const ann = await signedInUser(t, { name: 'Ann Archer' });
    const bob = await signedInUser(t, { name: 'Bob Baker' });
    await t.database.db
      .updateTable('user_profiles')
      .set({ function: 'Baker', phone_number: '+32470000002', description: 'Bread' })
      .where('user_id', '=', bob.id)
      .execute();
    await setRules(t, bob.id, {
      connection_message_required: true,
      connection_message_hint: 'Who are you?',
    });
    const stranger = await call(ann, 'GET', `/api/user/${bob.id}/combined`);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({
      id: bob.id,
      '@id': `/api/user/${bob.id}`,
      name: 'Bob Baker',
      label: 'BB',
      function: 'Baker',
      description: 'Bread',
      phone: null,
      usermail: null,
      following_status: null,
      follows_you: false,
      connection: null,
      is_connected: false,
      connection_message_required: true,
      connection_message_hint: 'Who are you?',
      memo_copy_allowed: true,
      user_can_create_public_collection: true,
      counts: { connections: 0, followers: 0, delegations: 0, followings: 0 },
      isOwner: false,
    });
    const connectionId = await connectUsers(t, ann.id, bob.id);
    await followUser(t, ann.id, bob.id);
    const contact = await call(ann, 'GET', `/api/user/${bob.id}/combined`);
    expect(contact.body).toMatchObject({
      phone: '+32470000002',
      following_status: 'active',
      connection: { id: connectionId, status: 'active' },
      is_connected: true,
      counts: { connections: 1, followers: 1 },
    });
    expect((await call(ann, 'GET', '/api/user/999999/combined')).status).toBe(404);
    expect((await call(ann, 'GET', '/api/user/abc/combined')).status).toBe(404);
    expect((await call(null, 'GET', `/api/user/${bob.id}/combined`)).status).toBe(401);
  });

  it('own profile: isOwner with email; preview=1 shows it as others see it', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const own = await call(ann, 'GET', `/api/user/${ann.id}/combined`);
    expect(own.body).toMatchObject({ isOwner: true, usermail: ann.usermail });
    const preview = await call(ann, 'GET', `/api/user/${ann.id}/combined?preview=1`);
    expect(preview.body).toMatchObject({ isOwner: false, usermail: null, phone: null });
    // the public variant: only the owner may preview a profile that is not public
    expect((await call(null, 'GET', `/api/p/user/${ann.id}`)).status).toBe(404);
    expect((await call(ann, 'GET', `/api/p/user/${ann.id}`)).status).toBe(404);
    expect((await call(ann, 'GET', `/api/p/user/${ann.id}?preview=1`)).status).toBe(200);
    const other = await signedInUser(t, { name: 'Other' });
    expect((await call(other, 'GET', `/api/p/user/${ann.id}?preview=1`)).status).toBe(404);
  });

  it('public profile for visitors, with the disclosed email; identified people show the official name', async () => {
    const pia = await signedInUser(t, { name: 'Pia Public' });
    await makePublic(pia, { disclose_email: t.database.dialect.bool(true) });
    await identifyUser(t, pia.id, 'Pia Official');
    const res = await call(null, 'GET', `/api/p/user/${pia.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Pia Public',
      name_official: 'Pia Official',
      user_identified: true,
      usermail: pia.usermail,
      public_profile_enabled: true,
      user_has_public_profile: true,
      following_status: null,
      website: null,
      isOwner: false,
    });
    const follower = await signedInUser(t, { name: 'Fan' });
    await call(follower, 'POST', '/api/follow', { following: pia.id });
    expect((await call(follower, 'GET', `/api/p/user/${pia.id}`)).body.following_status).toBe(
      'active',
    );
    expect((await call(null, 'GET', `/api/p/user/${pia.id}`)).body.counts.followers).toBe(1);
  });

  it('search: public profiles only, by name, paged by 10 with hydra; exclusions without a search text', async () => {
    const viewer = await signedInUser(t, { name: 'Viewer' });
    const tag = `q${Date.now().toString(36)}`;
    const found: SignedIn[] = [];
    for (let i = 0; i < 12; i += 1) {
      const p = await signedInUser(t, { name: `${tag} Person ${String(i).padStart(2, '0')}` });
      await makePublic(p);
      found.push(p);
    }
    // not public: never found
    await signedInUser(t, { name: `${tag} Hidden` });
    const first = await call(viewer, 'GET', `/api/user/profiles/public?search=${tag}`, undefined, {
      accept: 'application/ld+json',
    });
    expect(first.body['hydra:totalItems']).toBe(12);
    expect(first.body['hydra:member']).toHaveLength(10);
    expect(first.body['hydra:member'][0].name).toBe(`${tag} Person 00`);
    const second = await call(
      viewer,
      'GET',
      `/api/user/profiles/public?search=${tag.toUpperCase()}&page=2`,
    );
    expect(second.body.map((p: { name: string }) => p.name)).toEqual([
      `${tag} Person 10`,
      `${tag} Person 11`,
    ]);
    const visitor = await call(
      null,
      'GET',
      `/api/user/profiles/public?search=${tag}&itemsPerPage=3`,
    );
    expect(visitor.body).toHaveLength(3);

    const excluded = found[0]!;
    const ex = await call(viewer, 'POST', '/api/suggestion_exclude', {
      userDoNotSuggest: `/api/user/${excluded.id}`,
    });
    expect(ex.status).toBe(201);
    expect(ex.body.userDoNotSuggest).toBe(`/api/user/${excluded.id}`);
    const exAgain = await call(viewer, 'POST', '/api/suggestion_exclude', {
      userDoNotSuggest: excluded.id,
    });
    expect([exAgain.status, exAgain.body.id]).toEqual([200, ex.body.id]);
    const suggestions = await call(viewer, 'GET', '/api/user/profiles/public?itemsPerPage=100');
    const ids = suggestions.body.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(excluded.id);
    expect(ids).not.toContain(viewer.id);
    expect(ids).toContain(found[1]!.id);
    // searching by name still finds them
    const named = await call(viewer, 'GET', `/api/user/profiles/public?search=${tag} Person 00`);
    expect(named.body.map((p: { id: number }) => p.id)).toEqual([excluded.id]);
    expect((await call(null, 'GET', '/api/user/profiles/public?search=%25%25')).body).toEqual([]);

    expect(
      violationOf(
        (await call(viewer, 'POST', '/api/suggestion_exclude', { userDoNotSuggest: viewer.id }))
          .body,
      ),
    ).toEqual({
      path: 'userDoNotSuggest',
      code: 'suggestions.self',
    });
    expect(
      (await call(viewer, 'POST', '/api/suggestion_exclude', { userDoNotSuggest: 999999 })).status,
    ).toBe(404);
    expect(violationOf((await call(viewer, 'POST', '/api/suggestion_exclude', {})).body).path).toBe(
      'userDoNotSuggest',
    );
  });
});
