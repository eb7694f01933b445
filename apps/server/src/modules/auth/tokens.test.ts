import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const key = randomBytes(32);
const claims = { userId: 7, sessionId: 11, scope: 'full' as const, rootUserId: null };

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function forge(header: object, payload: object, signingKey: Uint8Array = key): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  const signature = createHmac('sha256', signingKey).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

describe('access tokens', () => {
  it('accepts what it signed, with the claims it put in', async () => {
    const token = await signAccessToken(key, { ...claims, rootUserId: 3 });
    expect(await verifyAccessToken(key, token)).toEqual({
      ok: true,
      claims: { ...claims, rootUserId: 3 },
    });
  });

  it('refuses another key, a changed payload, other algorithms and garbage', async () => {
    const token = await signAccessToken(key, claims);
    expect(await verifyAccessToken(randomBytes(32), token)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const [header, , signature] = token.split('.');
    const changed = `${header}.${b64({ sub: '8', sid: 11, scope: 'full', exp: 9e9 })}.${signature}`;
    expect((await verifyAccessToken(key, changed)).ok).toBe(false);
    const none = `${b64({ alg: 'none' })}.${b64({ sub: '7', sid: 11, scope: 'full', exp: 9e9 })}.`;
    expect((await verifyAccessToken(key, none)).ok).toBe(false);
    const hs512 = forge({ alg: 'HS512' }, { sub: '7', sid: 11, scope: 'full', exp: 9e9 });
    expect((await verifyAccessToken(key, hs512)).ok).toBe(false);
    for (const junk of ['', 'a.b.c', 'x'.repeat(500), `${token}.extra`]) {
      expect((await verifyAccessToken(key, junk)).ok).toBe(false);
    }
  });

  it('tells an expired token from a bad one, and checks the claim types', async () => {
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = forge({ alg: 'HS256' }, { sub: '7', sid: 11, scope: 'full', exp: past });
    expect(await verifyAccessToken(key, expired)).toEqual({ ok: false, reason: 'expired' });
    const noExpiry = forge({ alg: 'HS256' }, { sub: '7', sid: 11, scope: 'full' });
    expect(await verifyAccessToken(key, noExpiry)).toEqual({ ok: false, reason: 'invalid' });
    const badScope = forge({ alg: 'HS256' }, { sub: '7', sid: 11, scope: 'root', exp: 9e9 });
    expect((await verifyAccessToken(key, badScope)).ok).toBe(false);
    const numericSub = forge({ alg: 'HS256' }, { sub: 7, sid: 11, scope: 'full', exp: 9e9 });
    expect((await verifyAccessToken(key, numericSub)).ok).toBe(false);
  });

  it('says expired once the time has come, for a token it already checked', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    try {
      const exp = Math.floor(Date.now() / 1000) + 60;
      const token = forge({ alg: 'HS256' }, { sub: '7', sid: 11, scope: 'full', exp });
      expect((await verifyAccessToken(key, token)).ok).toBe(true);
      expect((await verifyAccessToken(key, token)).ok).toBe(true);
      vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
      expect(await verifyAccessToken(key, token)).toEqual({ ok: false, reason: 'expired' });
      // checked once for one key: another key still refuses it
      vi.setSystemTime(new Date('2026-11-21T10:00:30Z'));
      expect((await verifyAccessToken(randomBytes(32), token)).ok).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads tokens made by a standard signer the same way', async () => {
    const token = await new SignJWT({ sid: 11, scope: 'activation' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setExpirationTime('10m')
      .sign(key);
    expect(await verifyAccessToken(key, token)).toEqual({
      ok: true,
      claims: { ...claims, scope: 'activation' },
    });
  });
});
