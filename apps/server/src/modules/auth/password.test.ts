import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, createUser, login, signedInUser, uniqueEmail } from '../../test/factories.js';

const NEW_PASSWORD = 'Another-pass2';

describeDb('forgotten password, password change, validate-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

  it('forgot-password always answers 200 and mails a link only to real accounts', async () => {
    const user = await createUser(t, { locale: 'de' });
    t.mail.clear();
    const real = await post('/api/forgot-password', { usermail: user.usermail });
    const ghost = await post('/api/forgot-password', { usermail: uniqueEmail('ghost') });
    expect(real.statusCode).toBe(200);
    expect(ghost.statusCode).toBe(200);
    expect(real.json()).toEqual(ghost.json());
    expect(t.mail.sent).toHaveLength(1);
    const mail = t.mail.lastTo(user.usermail);
    expect(mail?.locale).toBe('de');
    const link = t.mail.linkFor(user.usermail);
    expect(link).toMatch(/^http:\/\/memoria\.test\/auth\/reset\?token=/);
    expect(mail?.text).toContain(link);
    expect((await post('/api/forgot-password', { usermail: 'not-an-email' })).statusCode).toBe(422);
  });

  it('the link sets a new password once, ends every session and sends a notice', async () => {
    const session = await signedInUser(t);
    await post('/api/forgot-password', { usermail: session.usermail });
    const token = tokenOf(t.mail.linkFor(session.usermail));

    const weak = await post('/api/forgot-password-confirm', {
      password: 'weak',
      userForgotPassword: token,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().violations[0].propertyPath).toBe('password');

    const ok = await post('/api/forgot-password-confirm', {
      password: NEW_PASSWORD,
      userForgotPassword: token,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Your password has been changed.');
    expect(t.mail.lastTo(session.usermail)?.template).toBe('passwordChanged');

    const me = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
    await expect(login(t, session)).rejects.toThrow();
    expect((await login(t, { ...session, password: NEW_PASSWORD })).token).toBeTruthy();

    const reused = await post('/api/forgot-password-confirm', {
      password: 'Third-pass3',
      userForgotPassword: token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      status: 400,
      detail: 'This reset link is invalid or has expired.',
    });
  });

  it('an expired or unknown link is refused', async () => {
    const user = await createUser(t);
    await post('/api/forgot-password', { usermail: user.usermail });
    const token = tokenOf(t.mail.linkFor(user.usermail));
    await t.database.db
      .updateTable('password_resets')
      .set({
        expires_at: t.database.dialect.time(new Date(Date.now() - AUTH.resetTokenTtlMinutes)),
      })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await post('/api/forgot-password-confirm', {
      password: NEW_PASSWORD,
      userForgotPassword: token,
    });
    expect(expired.statusCode).toBe(400);
    const unknown = await post('/api/forgot-password-confirm', {
      password: NEW_PASSWORD,
      userForgotPassword: 'made-up',
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await post('/api/forgot-password-confirm', { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations[0].propertyPath).toBe('userForgotPassword');
  });

  it('reset-password changes the password, keeps this session and ends the others', async () => {
    const session = await signedInUser(t);
    const other = await login(t, session);
    const wrong = await post(
      '/api/reset-password',
      { password: 'Wrong-pass1', newPassword: NEW_PASSWORD },
      session.headers,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0]).toMatchObject({
      propertyPath: 'password',
      code: 'validation.passwordWrong',
    });
    const same = await post(
      '/api/reset-password',
      { password: session.password, newPassword: session.password },
      session.headers,
    );
    expect(same.json().violations[0].propertyPath).toBe('newPassword');
    const weak = await post(
      '/api/reset-password',
      { password: session.password, newPassword: 'short' },
      session.headers,
    );
    expect(weak.json().violations[0]).toMatchObject({
      propertyPath: 'newPassword',
      code: 'validation.passwordWeak',
    });

    const ok = await post(
      '/api/reset-password',
      { password: session.password, newPassword: NEW_PASSWORD },
      session.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: session.headers })).statusCode).toBe(
      200,
    );
    const ended = await t.app.inject({ url: '/api/profile', headers: bearer(other.token) });
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['x-token-expired']).toBe('1');
    expect(t.mail.lastTo(session.usermail)?.template).toBe('passwordChanged');
    const anon = await post('/api/reset-password', { password: 'a', newPassword: NEW_PASSWORD });
    expect(anon.statusCode).toBe(401);
  });

  it('validate-password answers {valid:true} or 422, and is rate-limited', async () => {
    const session = await signedInUser(t);
    const ok = await post(
      '/api/validate-password',
      { password: session.password },
      session.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    let last = 0;
    for (let i = 0; i <= AUTH.failuresBeforeLockout; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/validate-password',
        payload: { password: 'Wrong-pass1' },
        headers: session.headers,
        remoteAddress: '10.3.0.1',
      });
      last = res.statusCode;
      if (i < AUTH.failuresBeforeLockout) expect(last).toBe(422);
    }
    expect(last).toBe(429);
  });

  it('a reset link also activates an account that was never verified', async () => {
    const user = await createUser(t, { active: false });
    await post('/api/forgot-password', { usermail: user.usermail });
    const res = await post('/api/forgot-password-confirm', {
      password: NEW_PASSWORD,
      userForgotPassword: tokenOf(t.mail.linkFor(user.usermail)),
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t, { ...user, password: NEW_PASSWORD })).token).toBeTruthy();
  });
});
