import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from 'otplib';
import { AUTH, LOGIN_STATUS } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { enableTotp, signedInUser } from '../../test/factories.js';

describeDb('two-factor setup, backup codes and disabling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

  it('TOTP setup answers a secret, an otpauth URL and a QR code, then confirms', async () => {
    const session = await signedInUser(t);
    const start = await call('POST', '/api/profile/2fa', session.headers, { method: 'totp' });
    expect(start.statusCode).toBe(200);
    const body = start.json();
    expect(body.method).toBe('totp');
    expect(body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Memoria:/);
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);

    // not on before confirmation
    const before = await call('GET', '/api/profile', session.headers);
    expect(before.json().user_profile.two_factor_authentication).toBe(false);

    const wrong = await call('POST', '/api/profile/2fa-confirm', session.headers, {
      code: 'abcdef',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0]).toMatchObject({
      propertyPath: 'code',
      code: 'auth.codeInvalid',
    });

    const ok = await call('POST', '/api/profile/2fa-confirm', session.headers, {
      code: await generate({ secret: body.secret }),
    });
    expect(ok.statusCode).toBe(200);
    const confirmed = ok.json();
    expect(confirmed.two_factor_authentication).toBe(true);
    expect(confirmed.method).toBe('totp');
    expect(confirmed.backup_codes).toHaveLength(AUTH.backupCodeCount);
    expect(new Set(confirmed.backup_codes).size).toBe(AUTH.backupCodeCount);

    const profile = (await call('GET', '/api/profile', session.headers)).json();
    expect(profile.user_profile).toMatchObject({
      two_factor_authentication: true,
      two_factor_confirmed: true,
      two_factor_method: 'totp',
    });
  });

  it('setup defaults to TOTP with an empty body', async () => {
    const session = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/2fa',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().method).toBe('totp');
    const bad = await call('POST', '/api/profile/2fa', session.headers, { method: 'sms' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({
      propertyPath: 'method',
      message: 'Choose email or authenticator app.',
    });
  });

  it('email setup mails a code and confirms with it', async () => {
    const session = await signedInUser(t, { locale: 'pl' });
    const start = await call('POST', '/api/profile/2fa', session.headers, { method: 'email' });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ method: 'email', status: LOGIN_STATUS.emailCodeSent });
    expect(t.mail.lastTo(session.usermail)?.locale).toBe('pl');
    const ok = await call('POST', '/api/profile/2fa-confirm', session.headers, {
      code: t.mail.codeFor(session.usermail),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().method).toBe('email');
  });

  it('confirm without a started setup is a 400', async () => {
    const session = await signedInUser(t);
    const res = await call('POST', '/api/profile/2fa-confirm', session.headers, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Start the two-factor setup first.');
  });

  it('2fa-backup answers a fresh set and invalidates the old one', async () => {
    const session = await signedInUser(t);
    const none = await call('GET', '/api/profile/2fa-backup', session.headers);
    expect(none.statusCode).toBe(400);
    const { backupCodes } = await enableTotp(t, session);
    const fresh = await call('GET', '/api/profile/2fa-backup', session.headers);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().backup_codes as string[];
    expect(codes).toHaveLength(AUTH.backupCodeCount);
    const loginWith = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: session.usermail, password: session.password, code },
      });
    expect((await loginWith(backupCodes[0] as string)).statusCode).toBe(401);
    expect((await loginWith(codes[0] as string)).statusCode).toBe(200);
  });

  it('2fa-disable needs the password and turns two-factor off', async () => {
    const session = await signedInUser(t);
    await enableTotp(t, session);
    const wrong = await call('POST', '/api/profile/2fa-disable', session.headers, {
      password: 'Wrong-pass1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0].propertyPath).toBe('password');
    const ok = await call('POST', '/api/profile/2fa-disable', session.headers, {
      password: session.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().two_factor_authentication).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: session.usermail, password: session.password },
    });
    expect(login.json().token).toBeTruthy();
  });

  it('every two-factor call needs a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/profile/2fa'],
      ['POST', '/api/profile/2fa-confirm'],
      ['GET', '/api/profile/2fa-backup'],
      ['POST', '/api/profile/2fa-disable'],
    ] as const) {
      expect((await call(method, url, {})).statusCode).toBe(401);
    }
  });
});
