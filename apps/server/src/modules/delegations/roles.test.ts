import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@memoria/domain';
import { bearer, login, signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { connectUsers } from '../../test/social.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** docs/API.md, Delegations: /api/account/role and its audit log. */
describeDb('delegations managed by the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), accept: 'application/ld+json' },
      ...(payload ? { payload } : {}),
    });
  const user = (id: number) => `/api/user/${id}`;

  /** Ada and Ben, connected. */
  async function pair() {
    const ada = await signedInUser(t, { name: 'Ada' });
    const ben = await signedInUser(t, { name: 'Ben' });
    await connectUsers(t, ada.id, ben.id);
    return { ada, ben };
  }

  async function delegate(from: SignedIn, to: SignedIn, flags: object = {}) {
    const res = await call(from.token, 'POST', '/api/account/role', {
      account_user: user(from.id),
      delegate_user: user(to.id),
      ...flags,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number } & Record<string, unknown>;
  }

  async function list(who: string) {
    const res = await call(who, 'GET', '/api/account/role');
    expect(res.statusCode, res.body).toBe(200);
    return res.json()['hydra:member'] as Array<Record<string, unknown>>;
  }

  /** A second session of `person`, switched into `account` (switching replaces the session). */
  async function switchIn(person: SignedIn, account: SignedIn): Promise<string> {
    const held = (await list(person.token)).find((d) => d.account_user === user(account.id));
    expect(held?.secure_token).toEqual(expect.any(String));
    const second = await login(t, person);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: bearer(second.token),
      payload: { account_user: user(account.id), secure_token: held?.secure_token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TokenPair).token;
  }

  const notificationTypes = async (who: SignedIn) =>
    (
      (await call(who.token, 'GET', '/api/notifications')).json()['hydra:member'] as Array<{
        type: string;
      }>
    ).map((n) => n.type);

  describe('creating, listing, updating, revoking', () => {
    it('creates with the defaults, tells the delegate, lists it on both sides', async () => {
      const { ada, ben } = await pair();
      const made = await delegate(ada, ben);
      expect(made).toMatchObject({
        account_user: user(ada.id),
        delegate_user: user(ben.id),
        admin: false,
        profile: true,
        public_profile: true,
        settings: true,
        connections: true,
        collections: true,
        memos: true,
        // only a main account may give the workspaces right
        workspaces: false,
      });
      expect(await notificationTypes(ben)).toContain('new_delegation');
      const given = await list(ada.token);
      expect(given).toEqual([
        expect.objectContaining({
          id: made.id,
          direction: 'given',
          delegate_name: 'Ben',
          account_name: 'Ada',
          secure_token: null,
        }),
      ]);
      const held = await list(ben.token);
      expect(held).toEqual([
        expect.objectContaining({
          id: made.id,
          direction: 'held',
          secure_token: expect.any(String),
        }),
      ]);
      // plain JSON: the array
      const plain = await t.app.inject({ url: '/api/account/role', headers: ada.headers });
      expect(plain.json()).toHaveLength(1);
    });

    it('a second POST for the same pair updates the live delegation (200)', async () => {
      const { ada, ben } = await pair();
      const made = await delegate(ada, ben);
      const again = await call(ada.token, 'POST', '/api/account/role', {
        delegate_user: user(ben.id),
        memos: false,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: made.id, memos: false, collections: true });
      expect(await list(ada.token)).toHaveLength(1);
      expect((await notificationTypes(ben)).filter((n) => n === 'new_delegation')).toHaveLength(1);
    });

    it('PATCH changes flags; DELETE revokes, tells the delegate and ends the switched session', async () => {
      const { ada, ben } = await pair();
      const made = await delegate(ada, ben);
      const patched = await call(ada.token, 'PATCH', `/api/account/role/${made.id}`, {
        admin: true,
        memos: false,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ admin: true, memos: false, profile: true });
      const acting = await switchIn(ben, ada);
      const removed = await call(ada.token, 'DELETE', `/api/account/role/${made.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await call(acting, 'GET', '/api/profile')).statusCode).toBe(401);
      expect(await notificationTypes(ben)).toContain('delegation_revoked');
      expect(await list(ada.token)).toEqual([]);
      expect(await list(ben.token)).toEqual([]);
      // gone: a second revoke and a patch are 404
      expect((await call(ada.token, 'DELETE', `/api/account/role/${made.id}`)).statusCode).toBe(
        404,
      );
      expect(
        (await call(ada.token, 'PATCH', `/api/account/role/${made.id}`, { memos: true }))
          .statusCode,
      ).toBe(404);
    });

    it('a main account may give the workspaces right', async () => {
      const { ada, ben } = await pair();
      await t.database.db
        .updateTable('users')
        .set({ user_type: 'main' })
        .where('id', '=', ada.id)
        .execute();
      expect(await delegate(ada, ben)).toMatchObject({ workspaces: true });
    });

    it('pages in the database', async () => {
      const ada = await signedInUser(t, { name: 'Ada' });
      for (let i = 0; i < 3; i += 1) {
        const other = await signedInUser(t, { name: `Other ${i}` });
        await connectUsers(t, ada.id, other.id);
        await delegate(ada, other);
      }
      const res = await call(ada.token, 'GET', '/api/account/role?itemsPerPage=2&page=2');
      expect(res.json()['hydra:totalItems']).toBe(3);
      expect(res.json()['hydra:member']).toHaveLength(1);
      expect(res.json()['hydra:member'][0].delegate_name).toBe('Other 0');
    });
  });

  describe('bad input changes nothing', () => {
    it('refuses a stranger, oneself, an unknown user, workspaces for a normal account', async () => {
      const { ada, ben } = await pair();
      const stranger = await signedInUser(t, { name: 'Stranger' });
      const cases: Array<[object, number, string]> = [
        [{ delegate_user: user(stranger.id) }, 422, 'Only an active connection'],
        [{ delegate_user: user(ada.id) }, 422, 'You cannot delegate your account to yourself'],
        [{ delegate_user: user(999999) }, 422, 'Only an active connection'],
        [{ delegate_user: 'nonsense' }, 422, 'delegate_user'],
        [{}, 422, 'delegate_user'],
        [{ delegate_user: user(ben.id), memos: 'yes' }, 422, 'memos'],
        [{ delegate_user: user(ben.id), workspaces: true }, 422, 'only for main accounts'],
        [{ account_user: user(ben.id), delegate_user: user(ben.id) }, 403, 'not authorised'],
      ];
      for (const [payload, status, text] of cases) {
        const res = await call(ada.token, 'POST', '/api/account/role', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toContain(text);
      }
      expect(await list(ada.token)).toEqual([]);
      expect(await notificationTypes(ben)).not.toContain('new_delegation');
      expect((await t.app.inject({ method: 'GET', url: '/api/account/role' })).statusCode).toBe(
        401,
      );
    });

    it("refuses to change or revoke someone else's delegation", async () => {
      const { ada, ben } = await pair();
      const made = await delegate(ada, ben);
      const cara = await signedInUser(t, { name: 'Cara' });
      for (const who of [ben, cara]) {
        expect(
          (await call(who.token, 'PATCH', `/api/account/role/${made.id}`, { memos: false }))
            .statusCode,
        ).toBe(404);
        expect((await call(who.token, 'DELETE', `/api/account/role/${made.id}`)).statusCode).toBe(
          404,
        );
      }
      expect((await call(ada.token, 'DELETE', '/api/account/role/abc')).statusCode).toBe(404);
      expect(
        (await call(ada.token, 'PATCH', `/api/account/role/${made.id}`, { workspaces: true }))
          .statusCode,
      ).toBe(422);
      expect((await list(ada.token))[0]).toMatchObject({ memos: true, workspaces: false });
    });
  });

  describe('a delegate acting for the account', () => {
    it('memos off: no memo writes; collections on: collections; the audit records it', async () => {
      const { ada, ben } = await pair();
      await delegate(ada, ben, { memos: false });
      const acting = await switchIn(ben, ada);
      const memo = await call(acting, 'POST', '/api/memo', { title: 'As Ada' });
      expect(memo.statusCode).toBe(403);
      expect(memo.json()).toMatchObject({
        message: 'You are not authorised to perform this action',
        missing_right: 'memos',
      });
      const collection = await call(acting, 'POST', '/api/collection', { name: 'By Ben' });
      expect(collection.statusCode, collection.body).toBe(201);
      // the collection is Ada's
      const mine = await t.database.db
        .selectFrom('collections')
        .select('user_id')
        .where('id', '=', collection.json().id)
        .executeTakeFirstOrThrow();
      expect(mine.user_id).toBe(ada.id);

      const audit = await call(ada.token, 'GET', '/api/account/role/audit');
      expect(audit.statusCode).toBe(200);
      expect(audit.json()['hydra:member']).toEqual([
        expect.objectContaining({
          account_user: user(ada.id),
          delegate_user: user(ben.id),
          delegate_name: 'Ben',
          method: 'POST',
          route: '/api/collection',
          status: 201,
        }),
      ]);
      // a refused write is not a write: nothing recorded for the memo
      expect(audit.json()['hydra:totalItems']).toBe(1);
      // without the admin right the delegate reads neither the log nor the delegations
      expect((await call(acting, 'GET', '/api/account/role/audit')).statusCode).toBe(403);
      expect((await call(acting, 'GET', '/api/account/role')).statusCode).toBe(403);
      // Ben's own log is empty: he wrote for Ada, not for himself
      expect((await call(ben.token, 'GET', '/api/account/role/audit')).json()).toMatchObject({
        'hydra:totalItems': 0,
      });
    });

    it("/api/profile's rules say what the delegation allows, so the app can hide the rest", async () => {
      const { ada, ben } = await pair();
      await delegate(ada, ben, { memos: false, settings: false });
      const acting = await switchIn(ben, ada);
      const rules = (await call(acting, 'GET', '/api/profile')).json().rules;
      expect(rules).toMatchObject({
        memos: false,
        settings: false,
        collections: true,
        admin: false,
      });
      // Ada's own session: her own rules, unnarrowed
      expect((await call(ada.token, 'GET', '/api/profile')).json().rules).toMatchObject({
        memos: true,
        settings: true,
      });
    });

    it('connections off: no connection, follow or block change', async () => {
      const { ada, ben } = await pair();
      const cara = await signedInUser(t, { name: 'Cara' });
      await delegate(ada, ben, { connections: false });
      const acting = await switchIn(ben, ada);
      for (const [url, payload] of [
        ['/api/follow', { following: user(cara.id) }],
        ['/api/block', { blocked: user(cara.id) }],
        ['/api/connection', { user_inbound: user(cara.id) }],
      ] as const) {
        const res = await call(acting, 'POST', url, payload);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().missing_right).toBe('connections');
      }
    });

    it('admin on a main account manages its delegations, but not the one it acts through', async () => {
      const { ada, ben } = await pair();
      await t.database.db
        .updateTable('users')
        .set({ user_type: 'main' })
        .where('id', '=', ada.id)
        .execute();
      const cara = await signedInUser(t, { name: 'Cara' });
      await connectUsers(t, ada.id, cara.id);
      const own = await delegate(ada, ben, { admin: true });
      const acting = await switchIn(ben, ada);
      const made = await call(acting, 'POST', '/api/account/role', {
        delegate_user: user(cara.id),
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().account_user).toBe(user(ada.id));
      // raising or dropping its own rights is refused
      expect(
        (await call(acting, 'PATCH', `/api/account/role/${own.id}`, { memos: false })).statusCode,
      ).toBe(403);
      expect((await call(acting, 'DELETE', `/api/account/role/${own.id}`)).statusCode).toBe(403);
      // it reads the account's log, which holds its own delegation write
      const audit = await call(acting, 'GET', '/api/account/role/audit');
      expect(audit.json()['hydra:member'][0]).toMatchObject({
        method: 'POST',
        route: '/api/account/role',
      });
      // and lists the account's delegations, without any secure token
      const listed = await list(acting);
      expect(listed.map((d) => d.secure_token)).toEqual([null, null]);
    });

    it('admin on a normal account is not manage-delegation: refused', async () => {
      const { ada, ben } = await pair();
      const cara = await signedInUser(t, { name: 'Cara' });
      await connectUsers(t, ada.id, cara.id);
      await delegate(ada, ben, { admin: true });
      const acting = await switchIn(ben, ada);
      const res = await call(acting, 'POST', '/api/account/role', { delegate_user: user(cara.id) });
      expect(res.statusCode).toBe(403);
      expect(res.json().missing_right).toBe('admin');
    });

    it('the audit log pages newest first', async () => {
      const { ada, ben } = await pair();
      await delegate(ada, ben);
      const acting = await switchIn(ben, ada);
      for (const name of ['One', 'Two', 'Three']) {
        expect((await call(acting, 'POST', '/api/collection', { name })).statusCode).toBe(201);
      }
      const first = (await call(ada.token, 'GET', '/api/account/role/audit?itemsPerPage=2')).json();
      expect(first['hydra:totalItems']).toBe(3);
      expect(first['hydra:member']).toHaveLength(2);
      const ids = first['hydra:member'].map((e: { id: number }) => e.id);
      expect(ids[0]).toBeGreaterThan(ids[1]);
      const second = (
        await call(ada.token, 'GET', '/api/account/role/audit?itemsPerPage=2&page=2')
      ).json();
      expect(second['hydra:member'][0].id).toBeLessThan(ids[1]);
    });
  });
});
