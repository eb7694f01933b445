import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { blockUser } from '../../test/social.js';
import { activityOf, caller, contactPairs, setRules, violationOf } from './test-support.js';

describeDb('personal QR connection token', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  it('is stable until refreshed; refresh=1 invalidates the old one; valid 14 days; stored hashed', async () => {
    const ann = await signedInUser(t, { name: 'Ann Archer' });
    const first = await call(ann, 'GET', '/api/connection-token');
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[\w-]{40,}$/);
    expect(first.body.url).toBe(`http://memoria.test/connections/accept/${first.body.token}?qr=1`);
    const days = (Date.parse(first.body.valid_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect((await call(ann, 'GET', '/api/connection-token')).body.token).toBe(first.body.token);

    const stored = await t.database.db
      .selectFrom('connection_tokens')
      .selectAll()
      .where('user_id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(first.body.token);

    const refreshed = await call(ann, 'GET', '/api/connection-token?refresh=1');
    expect(refreshed.body.token).not.toBe(first.body.token);
    expect((await call(null, 'GET', `/api/qr_connection/${first.body.token}`)).status).toBe(404);
    const shown = await call(null, 'GET', `/api/qr_connection/${refreshed.body.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      user: { id: ann.id, name: 'Ann Archer', user_identified: false },
      connection_status: null,
      own: false,
    });
    expect((await call(ann, 'GET', `/api/qr_connection/${refreshed.body.token}`)).body.own).toBe(
      true,
    );
    expect((await call(null, 'GET', '/api/connection-token')).status).toBe(401);
  });

  it('confirm connects at once (auto_accepted) and tells the owner; again is refused', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const { body } = await call(ann, 'GET', '/api/connection-token');
    expect((await call(null, 'GET', `/api/qr_connection/${body.token}/confirm`)).status).toBe(401);
    const own = await call(ann, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe('This is your own link.');

    const confirmed = await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'active',
      auto_accepted: true,
      user: { id: ann.id },
      user_outbound: { id: bob.id },
    });
    expect(await contactPairs(t, ann.id, bob.id)).toHaveLength(2);
    expect((await activityOf(t, ann.id)).at(-1)).toMatchObject({
      type: 'auto_accepted_connection',
      actor_user_id: bob.id,
    });
    expect(
      (await call(bob, 'GET', `/api/qr_connection/${body.token}`)).body.connection_status,
    ).toBe('active');
    const again = await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(again.status).toBe(409);
  });

  it('a pending request between the two becomes the connection', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const { body: request } = await call(ann, 'POST', '/api/connection', {
      user_to_email: bob.usermail,
    });
    const { body } = await call(ann, 'GET', '/api/connection-token');
    const confirmed = await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(confirmed.body).toMatchObject({ id: request.id, status: 'active', auto_accepted: true });
    const rows = await t.database.db
      .selectFrom('connections')
      .select('id')
      .where('user_outbound_id', 'in', [ann.id, bob.id])
      .where('user_inbound_id', 'in', [ann.id, bob.id])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('expired, unknown and malformed tokens, blocked people and rules are refused', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const carol = await signedInUser(t, { name: 'Carol' });
    const { body } = await call(ann, 'GET', '/api/connection-token');
    for (const value of ['x', 'A'.repeat(43), '../../etc']) {
      expect(
        (await call(bob, 'GET', `/api/qr_connection/${encodeURIComponent(value)}`)).status,
      ).toBe(404);
      expect(
        (await call(bob, 'GET', `/api/qr_connection/${encodeURIComponent(value)}/confirm`)).status,
      ).toBe(404);
    }
    await blockUser(t, ann.id, carol.id);
    expect((await call(carol, 'GET', `/api/qr_connection/${body.token}`)).status).toBe(404);
    expect((await call(carol, 'GET', `/api/qr_connection/${body.token}/confirm`)).status).toBe(404);
    expect(await contactPairs(t, ann.id, carol.id)).toEqual([]);

    await setRules(t, ann.id, { connections_require_function: true });
    const needsFunction = await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(violationOf(needsFunction.body).code).toBe('connections.requiresFunction');
    await setRules(t, ann.id, { maximum_users: 0 });
    expect((await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`)).status).toBe(409);
    await setRules(t, ann.id, {});

    await t.database.db
      .updateTable('connection_tokens')
      .set({ valid_until: t.database.dialect.time(new Date(Date.now() - 1000)) })
      .where('user_id', '=', ann.id)
      .execute();
    const expired = await call(bob, 'GET', `/api/qr_connection/${body.token}/confirm`);
    expect(expired.status).toBe(404);
    expect(expired.body.detail).toBe('This link is invalid or has expired.');
    // an expired token is replaced by a new one when asked for
    const renewed = await call(ann, 'GET', '/api/connection-token');
    expect(renewed.body.token).not.toBe(body.token);
    expect(
      (await call(bob, 'GET', `/api/qr_connection/${renewed.body.token}/confirm`)).status,
    ).toBe(200);
  });

  it('connection-direct with the person’s QR token connects at once; a token of someone else does not', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    const dan = await signedInUser(t, { name: 'Dan' });
    const { body } = await call(ann, 'GET', '/api/connection-token');
    const wrong = await call(bob, 'POST', '/api/connection-direct', {
      user_outbound: `/api/user/${dan.id}`,
      connection_token: body.token,
    });
    expect(wrong.status).toBe(404);
    const res = await call(bob, 'POST', '/api/connection-direct', {
      user_outbound: `/api/user/${ann.id}`,
      connection_token: body.token,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', auto_accepted: true, user: { id: ann.id } });
  });
});
