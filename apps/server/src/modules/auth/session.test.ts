import { afterAll, beforeAll, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, signedInUser } from '../../test/factories.js';

describeDb('sessions: access tokens, refresh rotation, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const refresh = (refresh_token: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token } });

  it('rotates the refresh token on every call', async () => {
    const session = await signedInUser(t);
    const first = await refresh(session.refresh_token);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect(
      (await t.app.inject({ url: '/api/profile', headers: bearer(pair.token) })).statusCode,
    ).toBe(200);
    const second = await refresh(pair.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('reusing a rotated refresh token revokes the whole session', async () => {
    const session = await signedInUser(t);
    const rotated = (await refresh(session.refresh_token)).json();
    const reuse = await refresh(session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.headers['x-token-expired']).toBe('1');
    // the newest pair of that session is dead too, access token included
    const next = await refresh(rotated.refresh_token);
    expect(next.statusCode).toBe(401);
    expect(next.headers['x-token-expired']).toBe('1');
    const me = await t.app.inject({ url: '/api/profile', headers: bearer(rotated.token) });
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
    expect(me.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('You need to sign in.');
    expect((await refresh(123)).statusCode).toBe(422);
    expect((await refresh('')).statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: {} });
    expect(missing.json().violations[0].propertyPath).toBe('refresh_token');
  });

  it('logout revokes the current session at once (204)', async () => {
    const session = await signedInUser(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: session.usermail, password: session.password },
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: session.headers,
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const me = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    // another session of the same user stays
    const still = await t.app.inject({ url: '/api/profile', headers: bearer(other.json().token) });
    expect(still.statusCode).toBe(200);
  });

  it('logout with only the refresh token (access token expired) ends that session', async () => {
    const session = await signedInUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/profile', headers: session.headers })).statusCode).toBe(
      401,
    );
    const nothing = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(nothing.statusCode).toBe(401);
  });

  it('an expired session answers 401 with x-token-expired', async () => {
    const session = await signedInUser(t);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: t.database.dialect.time(new Date(Date.now() - 1000)) })
      .where('user_id', '=', session.id)
      .execute();
    const me = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
    expect(me.json().detail).toBe('Your session has ended. Please sign in again.');
  });

  it('an expired or forged access token is 401 without x-token-expired (the client refreshes)', async () => {
    const session = await signedInUser(t);
    const [, payload] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid, scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.secrets.jwtKey);
    const forged = await new SignJWT({ sid: claims.sid, scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret'));
    for (const token of [expired, forged, 'garbage', `${session.token}x`]) {
      const res = await t.app.inject({ url: '/api/profile', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-token-expired']).toBeUndefined();
    }
    const noHeader = await t.app.inject({ url: '/api/profile' });
    expect(noHeader.statusCode).toBe(401);
    const basic = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('a token naming another user than its session is refused', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const [, payload] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const mixed = await new SignJWT({ sid: claims.sid, scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(b.id))
      .setExpirationTime('5m')
      .sign(t.secrets.jwtKey);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(mixed) })).statusCode).toBe(
      401,
    );
  });
});
