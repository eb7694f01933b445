import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, createUser, signedInUser, type SignedIn } from '../../test/factories.js';
import { caller } from '../connections/test-support.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describeDb('account: sessions and devices', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  async function signIn(user: { usermail: string; password: string }, agent: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': agent },
      remoteAddress: '203.0.113.7',
      payload: { usermail: user.usermail, password: user.password },
    });
    return res.json() as { token: string; refresh_token: string };
  }

  it('lists the live sessions with device, address and last use, the current one marked', async () => {
    const user = await createUser(t);
    const phone = await signIn(user, FIREFOX);
    const laptop = await signIn(user, 'curl/8.0');
    const me = { ...user, headers: bearer(laptop.token) } as SignedIn;
    const res = await call(me, 'GET', '/api/user/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const current = res.body.find((s: { current: boolean }) => s.current);
    const other = res.body.find((s: { current: boolean }) => !s.current);
    expect(current).toMatchObject({
      browser: 'curl',
      system: null,
      ip: '203.0.113.7',
      delegated: false,
    });
    expect(other).toMatchObject({ browser: 'Firefox', system: 'Windows', ip: '203.0.113.7' });
    expect(other.last_used_at).toEqual(expect.any(String));
    // a refresh from elsewhere moves the last use and the address
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      remoteAddress: '198.51.100.9',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const after = await call(me, 'GET', '/api/user/sessions');
    expect(after.body.find((s: { id: number }) => s.id === other.id).ip).toBe('198.51.100.9');
  });

  it('signs out one session, then everywhere else; not someone else’s', async () => {
    const user = await createUser(t);
    const a = await signIn(user, FIREFOX);
    const b = await signIn(user, FIREFOX);
    const c = await signIn(user, FIREFOX);
    const me = { ...user, headers: bearer(c.token) } as SignedIn;
    const stranger = await signedInUser(t);
    const list = (await call(me, 'GET', '/api/user/sessions')).body as {
      id: number;
      current: boolean;
    }[];
    const others = list.filter((s) => !s.current).map((s) => s.id);
    expect(others).toHaveLength(2);
    expect((await call(stranger, 'DELETE', `/api/user/sessions/${others[0]}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `/api/user/sessions/${others[0]}`)).status).toBe(204);
    expect((await call(me, 'DELETE', `/api/user/sessions/${others[0]}`)).status).toBe(404);
    const ended = [a, b].filter(() => true);
    const statuses = await Promise.all(
      ended.map(
        async (pair) =>
          (await t.app.inject({ url: '/api/profile', headers: bearer(pair.token) })).statusCode,
      ),
    );
    expect(statuses.sort()).toEqual([200, 401]);
    const everywhere = await call(me, 'POST', '/api/user/sessions/sign-out-others');
    expect(everywhere.body).toEqual({ revoked: 1 });
    for (const pair of [a, b]) {
      expect(
        (await t.app.inject({ url: '/api/profile', headers: bearer(pair.token) })).statusCode,
      ).toBe(401);
    }
    expect((await call(me, 'GET', '/api/profile')).status).toBe(200);
    expect((await call(stranger, 'GET', '/api/profile')).status).toBe(200);
  });

  it('refuses bad input: no session, an id that is not a number', async () => {
    const user = await signedInUser(t);
    expect((await call(null, 'GET', '/api/user/sessions')).status).toBe(401);
    expect((await call(null, 'POST', '/api/user/sessions/sign-out-others')).status).toBe(401);
    expect((await call(null, 'DELETE', '/api/user/sessions/1')).status).toBe(401);
    const bad = await call(user, 'DELETE', '/api/user/sessions/abc');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('This session does not exist or has already ended.');
    expect((await call(user, 'DELETE', `/api/user/sessions/${'9'.repeat(70)}`)).status).toBe(422);
  });
});
