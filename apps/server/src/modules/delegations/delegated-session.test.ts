import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TokenPair } from '@memoria/domain';
import {
  bearer,
  createDelegation,
  createUser,
  login,
  revokeDelegation,
  signedInUser,
} from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

describeDb('a session acting through a delegation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: bearer(token) });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token } });

  /** A person signed in and switched into an account that delegated to them. */
  async function acting() {
    const account = await createUser(t);
    const person = await signedInUser(t, { name: 'Delegate' });
    const { delegation, secure_token } = await createDelegation(t, account, person);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: person.headers,
      payload: { account_user: `/api/user/${account.id}`, secure_token },
    });
    expect(res.statusCode).toBe(200);
    return { account, person, delegation, pair: res.json() as TokenPair };
  }

  it('refresh keeps acting for the account, with root_user', async () => {
    const { account, person, pair } = await acting();
    const first = await refresh(pair.refresh_token);
    expect(first.statusCode).toBe(200);
    const second = await refresh(first.json().refresh_token);
    expect(second.statusCode).toBe(200);
    expect((await profile(second.json().token)).json()).toMatchObject({
      id: account.id,
      root_user: { id: person.id, name: 'Delegate' },
    });
  });

  it('revoking the delegation ends the delegated session at once', async () => {
    const { person, delegation, pair } = await acting();
    expect((await profile(pair.token)).statusCode).toBe(200);
    await revokeDelegation(t, delegation.id);
    const me = await profile(pair.token);
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
    const rotated = await refresh(pair.refresh_token);
    expect(rotated.statusCode).toBe(401);
    expect(rotated.headers['x-token-expired']).toBe('1');
    // the session row itself is marked revoked, so a new delegation does not revive it
    const rows = await t.database.db
      .selectFrom('sessions')
      .select(['revoked_at'])
      .where('root_user_id', '=', person.id)
      .execute();
    expect(rows.length).toBe(1);
    expect(rows[0]?.revoked_at).not.toBeNull();
    await expect(revokeDelegation(t, delegation.id)).rejects.toMatchObject({ status: 404 });
  });

  it("the person's own other sessions survive the revocation", async () => {
    const { person, delegation } = await acting();
    const own = await login(t, person);
    await revokeDelegation(t, delegation.id);
    expect((await profile(own.token)).statusCode).toBe(200);
  });

  it('a session marked live still ends when its delegation is no longer live', async () => {
    // A revocation racing a switch could leave a new session unmarked; the guard checks too.
    const { delegation, pair } = await acting();
    await t.database.db
      .updateTable('account_delegations')
      .set({ revoked_at: t.database.dialect.time(new Date()) })
      .where('id', '=', delegation.id)
      .execute();
    const me = await profile(pair.token);
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
  });

  it('disabling the person ends the sessions in which they act for others', async () => {
    const { person, pair } = await acting();
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', person.id)
      .execute();
    const me = await profile(pair.token);
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
  });

  it("changing the person's password ends the sessions in which they act for others", async () => {
    const { person, pair } = await acting();
    const own = await login(t, person);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      headers: bearer(own.token),
      payload: { password: person.password, newPassword: 'Another-pass2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(pair.token)).statusCode).toBe(401);
    expect((await profile(own.token)).statusCode).toBe(200);
  });

  it('a new delegation of the pair does not revive sessions of the revoked one', async () => {
    const { account, person, delegation, pair } = await acting();
    await revokeDelegation(t, delegation.id);
    const renewed = await createDelegation(t, account, person);
    expect(renewed.delegation.id).not.toBe(delegation.id);
    expect((await profile(pair.token)).statusCode).toBe(401);
  });

  it('one live delegation per pair; none to oneself', async () => {
    const { account, person } = await acting();
    await expect(createDelegation(t, account, person)).rejects.toMatchObject({ status: 409 });
    await expect(createDelegation(t, person, person)).rejects.toThrow();
    await expect(createDelegation(t, { id: 999999 }, person)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('stores only a hash of the secure token; the flags default as docs/RULES.md, Roles says', async () => {
    const account = await createUser(t);
    const person = await createUser(t);
    const { delegation, secure_token } = await createDelegation(t, account, person, {
      collections: false,
    });
    expect(delegation).toMatchObject({
      account_user: `/api/user/${account.id}`,
      delegate_user: `/api/user/${person.id}`,
      admin: false,
      collections: false,
      memos: true,
      workspaces: true,
    });
    const row = await t.database.db
      .selectFrom('account_delegations')
      .selectAll()
      .where('id', '=', delegation.id)
      .executeTakeFirstOrThrow();
    expect(row.secure_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secure_token);
  });

  it('two switches from one session at once: one wins, the other finds the session ended', async () => {
    const account = await createUser(t);
    const person = await signedInUser(t);
    const { secure_token } = await createDelegation(t, account, person);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: person.headers,
        payload: { account_user: account.id, secure_token },
      });
    const results = await Promise.all([call(), call()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const live = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('root_user_id', '=', person.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live.length).toBe(1);
  });
});

describeDb('switch-user failure limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ failureLimit: 3 });
  });
  afterAll(async () => t?.close());

  it('counts wrong tokens; once over the limit even the right one waits (429)', async () => {
    const account = await createUser(t);
    const person = await signedInUser(t);
    const { secure_token } = await createDelegation(t, account, person);
    const attempt = (token: string, ip: string, to = account.id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: person.headers,
        payload: { account_user: to, secure_token: token },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt('wrong', `10.8.0.${i + 1}`)).statusCode).toBe(403);
    }
    const blocked = await attempt(secure_token, '10.8.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // switching back to one's own account needs no token and is not limited
    const back = await attempt('', '10.8.0.9', person.id);
    expect(back.statusCode).toBe(200);
  });
});
