import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { AUTH } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, createUser, signedInUser } from '../../test/factories.js';
import { recordReliability } from '../../test/reliability-report.js';

/**
 * Attacks on sessions, tried from outside: replayed refresh tokens, forged tokens and
 * addresses, lockouts (docs/RELIABILITY.md). Every attempt is counted; one the server lets
 * through (an answer it should have refused, or an owner it should have let in) is a failure
 * of the figures npm test prints, besides failing its test.
 */
const tally = { tried: 0, accepted: 0 };
/** One attack tried; `accepted` when the server let it succeed. */
function attack(accepted: boolean) {
  tally.tried += 1;
  if (accepted) tally.accepted += 1;
}
const succeeded = (res: { statusCode: number }) => res.statusCode < 300;

afterAll(() => {
  if (tally.tried > 0) {
    recordReliability({
      suite: 'sessions',
      cases: tally.tried,
      failures: tally.accepted,
      detail: 'replays, forged tokens, forged addresses, lockouts',
    });
  }
});

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
      attack(succeeded(replay));
      expect(replay.statusCode).toBe(401);
      expect(replay.headers['x-token-expired']).toBe('1');
      // every token of the session is dead now, the newest included
      const afterwards = [
        await refresh(third.refresh_token),
        await profile(third.token),
        await profile(session.token),
      ];
      for (const res of afterwards) {
        attack(succeeded(res));
        expect(res.statusCode).toBe(401);
      }
    });

    it('50 at once: exactly one succeeds, then the session is revoked', async () => {
      const session = await signedInUser(t);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => refresh(session.refresh_token)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      // one of the 50 is the client's own refresh; the 49 others are replays
      const successes = statuses.filter((status) => status === 200).length;
      for (let i = 0; i < 49; i += 1) attack(i < successes - 1);
      expect(successes).toBe(1);
      expect(statuses.filter((status) => status === 401)).toHaveLength(49);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      for (const res of [
        await refresh(winner.refresh_token),
        await profile(winner.token),
        await profile(session.token),
      ]) {
        attack(succeeded(res));
        expect(res.statusCode).toBe(401);
      }
    });

    it('a made-up or altered refresh token is refused and ends nothing else', async () => {
      const session = await signedInUser(t);
      const last = session.refresh_token.slice(-1) === 'a' ? 'b' : 'a';
      for (const forged of [
        'not-a-refresh-token',
        `${session.refresh_token.slice(0, -1)}${last}`,
        `${session.refresh_token}x`,
      ]) {
        const res = await refresh(forged);
        attack(succeeded(res));
        expect(res.statusCode).toBe(401);
      }
      expect((await refresh(session.refresh_token)).statusCode).toBe(200);
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
        attack(succeeded(res));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
      }
      // the real token still works: the forgeries changed nothing
      expect((await profile(session.token)).statusCode).toBe(200);
    });

    it('a real signature over changed claims (another account, a longer life) is refused', async () => {
      const session = await signedInUser(t);
      const other = await createUser(t);
      const claims = await claimsOf(session.token);
      const [header, , signature] = session.token.split('.');
      for (const changed of [
        { ...claims, sub: String(other.id) },
        { ...claims, exp: Number(claims.exp) + 86_400 },
      ]) {
        const res = await profile(`${header}.${b64(changed)}.${signature}`);
        attack(succeeded(res));
        expect(res.statusCode).toBe(401);
      }
    });

    it('alg=none tokens are refused with 401, with or without a signature part', async () => {
      const session = await signedInUser(t);
      const claims = await claimsOf(session.token);
      const [, , signature] = session.token.split('.');
      for (const alg of ['none', 'None', 'NONE']) {
        const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
        for (const token of [`${unsigned}.`, unsigned, `${unsigned}.${signature}`]) {
          const res = await profile(token);
          attack(succeeded(res));
          expect(res.statusCode).toBe(401);
          const socket = await t.app.inject({
            url: `/api/ws?user_id=${session.id}&token=${encodeURIComponent(token)}`,
          });
          attack(socket.statusCode !== 401);
          expect(socket.statusCode).toBe(401);
        }
      }
    });
  });

  const login = (usermail: string, password: string, remoteAddress: string, forwarded?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail, password },
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });

  describe('a forged X-Forwarded-For without TRUST_PROXY', () => {
    it('sign-in lockout counts the real address, whatever the header says', async () => {
      const victim = await createUser(t);
      const attacker = '10.60.0.1';
      for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
        const res = await login(victim.usermail, 'Wrong-pass1', attacker, `203.0.113.${i + 1}`);
        expect(res.statusCode).toBe(401);
      }
      // a new address in the header does not get the attacker another try
      const refused = await login(victim.usermail, victim.password, attacker, '198.51.100.200');
      attack(succeeded(refused));
      expect(refused.statusCode).toBe(429);
      // naming the attacker's address in the header does not lock the owner out either
      const owner = await login(victim.usermail, victim.password, '10.60.0.2', attacker);
      attack(owner.statusCode !== 200);
      expect(owner.statusCode).toBe(200);
    });
  });

  describe('lockout without a denial of service (sign-in)', () => {
    it("the attacker's address is refused, the owner's address is let in", async () => {
      const victim = await createUser(t);
      const attacker = '10.62.0.1';
      for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
        expect((await login(victim.usermail, 'Wrong-pass1', attacker)).statusCode).toBe(401);
      }
      // even the right password from the attacker's address is refused now
      const guessed = await login(victim.usermail, victim.password, attacker);
      attack(succeeded(guessed));
      expect(guessed.statusCode).toBe(429);
      // the attack does not lock the owner out: their address has not failed
      const owner = await login(victim.usermail, victim.password, '10.62.0.2');
      attack(owner.statusCode !== 200);
      expect(owner.statusCode).toBe(200);
      // and the owner's success does not lift the attacker's lock
      const still = await login(victim.usermail, victim.password, attacker);
      attack(succeeded(still));
      expect(still.statusCode).toBe(429);
    });

    it('guessing from many addresses slows the whole account down, never locks its owner out', async () => {
      const victim = await createUser(t);
      const attackers = Array.from({ length: 5 }, (_, i) => `10.63.0.${i + 1}`);
      for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
        const res = await login(victim.usermail, 'Wrong-pass1', attackers[i % attackers.length]!);
        expect(res.statusCode).toBe(401);
      }
      // the failed addresses now share one try per interval: the first is answered, the
      // next ones are slowed down, even with the right password
      expect((await login(victim.usermail, 'Wrong-pass2', attackers[0]!)).statusCode).toBe(401);
      for (const address of attackers) {
        const res = await login(victim.usermail, victim.password, address);
        attack(succeeded(res));
        expect(res.statusCode).toBe(429);
      }
      const owner = await login(victim.usermail, victim.password, '10.63.1.1');
      attack(owner.statusCode !== 200);
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
    // the fourth request, under a new forged address, is past the limit all the same
    attack(statuses[3] !== 429);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // another real address, claiming to be the limited one, is not limited
    const other = await t.app.inject({
      url: '/api/profile',
      remoteAddress: '10.61.0.2',
      headers: { 'x-forwarded-for': '10.61.0.1' },
    });
    attack(other.statusCode === 429);
    expect(other.statusCode).toBe(401);
  });
});
