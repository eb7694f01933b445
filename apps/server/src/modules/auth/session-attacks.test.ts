import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { AUTH } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, createUser, signedInUser } from '../../test/factories.js';

/** Attacks on sessions, tried from outside: replayed refresh tokens, forged tokens and addresses. */
describeDb('session attacks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token } });
  const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: bearer(token) });

  describe('refresh-token replay', () => {
    it('sequential: a token used again, even two rotations later, ends the whole session', async () => {
      const session = await signedInUser(t);
      const second = (await refresh(session.refresh_token)).json();
      const third = (await refresh(second.refresh_token)).json();
      expect((await profile(third.token)).statusCode).toBe(200);

      const replay = await refresh(session.refresh_token);
      expect(replay.statusCode).toBe(401);
      expect(replay.headers['x-token-expired']).toBe('1');
      // every token of the session is dead now, the newest included
      expect((await refresh(third.refresh_token)).statusCode).toBe(401);
      expect((await profile(third.token)).statusCode).toBe(401);
      expect((await profile(session.token)).statusCode).toBe(401);
    });

    it('50 at once: exactly one succeeds, then the session is revoked', async () => {
      const session = await signedInUser(t);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => refresh(session.refresh_token)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 401)).toHaveLength(49);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      expect((await refresh(winner.refresh_token)).statusCode).toBe(401);
      expect((await profile(winner.token)).statusCode).toBe(401);
      expect((await profile(session.token)).statusCode).toBe(401);
    });
  });

  describe('forged access tokens', () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    async function claimsOf(token: string) {
      const [, payload] = token.split('.');
      return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    }

    it('a token signed with another key is refused with 401', async () => {
      const session = await signedInUser(t);
      const claims = await claimsOf(session.token);
      for (const key of ['not-the-server-secret', '']) {
        const forged = await new SignJWT({ sid: claims.sid, scope: 'full' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(claims.sub))
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(key.padEnd(32, 'x')));
        const res = await profile(forged);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
      }
      // the real token still works: the forgeries changed nothing
      expect((await profile(session.token)).statusCode).toBe(200);
    });

    it('alg=none tokens are refused with 401, with or without a signature part', async () => {
      const session = await signedInUser(t);
      const claims = await claimsOf(session.token);
      const [, , signature] = session.token.split('.');
      for (const alg of ['none', 'None', 'NONE']) {
        const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
        for (const token of [`${unsigned}.`, unsigned, `${unsigned}.${signature}`]) {
          const res = await profile(token);
          expect(res.statusCode).toBe(401);
          const socket = await t.app.inject({
            url: `/api/ws?user_id=${session.id}&token=${encodeURIComponent(token)}`,
          });
          expect(socket.statusCode).toBe(401);
        }
      }
    });
  });

  describe('a forged X-Forwarded-For without TRUST_PROXY', () => {
    it('sign-in lockout counts the real address, whatever the header says', async () => {
      const victim = await createUser(t);
      const attacker = '10.60.0.1';
      for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { usermail: victim.usermail, password: 'Wrong-pass1' },
          remoteAddress: attacker,
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: victim.usermail, password: victim.password },
        remoteAddress: attacker,
        headers: { 'x-forwarded-for': '198.51.100.200' },
      });
      expect(refused.statusCode).toBe(429);
      // naming the attacker's address in the header does not lock the owner out either
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: victim.usermail, password: victim.password },
        remoteAddress: '10.60.0.2',
        headers: { 'x-forwarded-for': attacker },
      });
      expect(owner.statusCode).toBe(200);
    });
  });
});

describeDb('session attacks: forged X-Forwarded-For and the request rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { globalRateLimitPerMinute: 3 } });
  });
  afterAll(async () => t?.close());

  it('counts requests by the real address, whatever the header says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        url: '/api/profile',
        remoteAddress: '10.61.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // another real address, claiming to be the limited one, is not limited
    const other = await t.app.inject({
      url: '/api/profile',
      remoteAddress: '10.61.0.2',
      headers: { 'x-forwarded-for': '10.61.0.1' },
    });
    expect(other.statusCode).toBe(401);
  });
});
