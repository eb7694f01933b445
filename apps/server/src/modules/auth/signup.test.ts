import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { STRONG_PASSWORD, bearer, createUser, login, uniqueEmail } from '../../test/factories.js';

describeDb('signup, verification and resend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const signup = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/signup', payload: payload as object, headers });

  it('creates an account, answers an activation session and mails a 6-digit code', async () => {
    const usermail = uniqueEmail('Signup');
    const res = await signup({
      usermail: `  ${usermail.toUpperCase()} `,
      password: STRONG_PASSWORD,
      userProfile: { name: 'Ann', locale: 'nl', country: 'be' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
    const mail = t.mail.lastTo(usermail.toLowerCase());
    expect(mail?.template).toBe('verification');
    expect(mail?.locale).toBe('nl');
    expect(mail?.params.code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain('verificatiecode');

    const profile = await t.app.inject({ url: '/api/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      usermail: usermail.toLowerCase(),
      is_active: false,
      user_profile: { name: 'Ann', locale: 'nl', country: 'BE' },
    });
  });

  it('refuses a taken address and a weak password with 422 on the field', async () => {
    const user = await createUser(t);
    const taken = await signup({
      usermail: user.usermail,
      password: STRONG_PASSWORD,
      userProfile: { name: 'B' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      '@type': 'ConstraintViolationList',
      violations: [{ propertyPath: 'usermail', code: 'validation.emailTaken' }],
    });
    const weak = await signup({
      usermail: uniqueEmail(),
      password: 'password',
      userProfile: { name: 'B' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().violations[0]).toMatchObject({
      propertyPath: 'password',
      code: 'validation.passwordWeak',
    });
  });

  it('names every bad field with its property path', async () => {
    const res = await signup({ usermail: 'nope', password: 12, userProfile: { locale: 'xx' } });
    expect(res.statusCode).toBe(422);
    const paths = res.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toEqual(
      expect.arrayContaining(['usermail', 'password', 'userProfile.name', 'userProfile.locale']),
    );
    const types = res
      .json()
      .violations.find((v: { propertyPath: string }) => v.propertyPath === 'password');
    expect(types.code).toBe('validation.type');
    expect(types.message).toBe('This value has the wrong type.');
  });

  it('activation session: may read the profile and verify, nothing else', async () => {
    const usermail = uniqueEmail();
    const res = await signup({ usermail, password: STRONG_PASSWORD, userProfile: { name: 'C' } });
    const { token } = res.json();
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/validate-password',
      headers: bearer(token),
      payload: { password: STRONG_PASSWORD },
    });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().detail).toBe('Activate your account to continue.');
    const pin = await t.app.inject({ url: '/api/lock-code-exist', headers: bearer(token) });
    expect(pin.statusCode).toBe(403);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      headers: bearer(token),
      payload: { code: t.mail.codeFor(usermail) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0]).toMatchObject({
      propertyPath: 'code',
      code: 'auth.codeInvalid',
    });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      headers: bearer(token),
      payload: { code: t.mail.codeFor(usermail) },
    });
    expect(ok.statusCode).toBe(200);
    const full = ok.json();
    expect(full.status).toBe('Your account is activated.');
    expect(full.token).toBeTruthy();
    expect(full.refresh_token).toBeTruthy();

    // the activation session is over; the new one is a full session
    const old = await t.app.inject({ url: '/api/profile', headers: bearer(token) });
    expect(old.statusCode).toBe(401);
    expect(old.headers['x-token-expired']).toBe('1');
    const now = await t.app.inject({ url: '/api/lock-code-exist', headers: bearer(full.token) });
    expect(now.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile', headers: bearer(full.token) });
    expect(profile.json().is_active).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      headers: bearer(full.token),
      payload: { code: '123456' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This account is already activated.');
  });

  it('verifies by {usermail, code} without a session, then the user can sign in', async () => {
    const user = await createUser(t, { active: false });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: user.usermail, password: user.password },
    });
    expect(before.statusCode).toBe(401);
    expect(before.json().error).toBe('user not activated');

    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: { usermail: user.usermail },
    });
    expect(resend.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { usermail: user.usermail, code: t.mail.codeFor(user.usermail) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Your account is activated.' });
    expect((await login(t, user)).token).toBeTruthy();
  });

  it('a code dies after the allowed tries, and expires', async () => {
    const user = await createUser(t, { active: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: { usermail: user.usermail },
    });
    const code = t.mail.codeFor(user.usermail);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < AUTH.codeMaxTries; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/account/verification',
        payload: { usermail: user.usermail, code: wrongCode },
      });
      answers.push(res.json().violations[0].code);
    }
    expect(answers.at(0)).toBe('auth.codeInvalid');
    expect(answers.at(-1)).toBe('auth.codeExpired');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { usermail: user.usermail, code },
    });
    expect(late.json().violations[0].code).toBe('auth.codeExpired');

    // a fresh code, expired in the database
    await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: { usermail: user.usermail },
    });
    await t.database.db
      .updateTable('user_codes')
      .set({ expires_at: t.database.dialect.time(new Date(Date.now() - 1000)) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { usermail: user.usermail, code: t.mail.codeFor(user.usermail) },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().violations[0].code).toBe('auth.codeExpired');
  });

  it('verification without session needs usermail; bad codes are 422', async () => {
    const noMail = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { code: '123456' },
    });
    expect(noMail.statusCode).toBe(422);
    expect(noMail.json().violations[0].propertyPath).toBe('usermail');
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { usermail: 'a@b.cc', code: '12ab' },
    });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().violations[0]).toMatchObject({
      propertyPath: 'code',
      message: 'Enter the 6-digit code.',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      payload: { usermail: uniqueEmail('ghost'), code: '123456' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().violations[0].code).toBe('auth.codeInvalid');
  });

  it('resend: always 200, mails only unactivated accounts, works with the activation session', async () => {
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: { usermail: uniqueEmail('ghost') },
    });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.json().status).toBe('We sent a new verification code.');

    const active = await createUser(t);
    t.mail.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: { usermail: active.usermail },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mail.sent).toHaveLength(0);

    const usermail = uniqueEmail();
    const { token } = (
      await signup({ usermail, password: STRONG_PASSWORD, userProfile: { name: 'D' } })
    ).json();
    const first = t.mail.codeFor(usermail);
    const withSession = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(withSession.statusCode).toBe(200);
    expect(t.mail.sent.filter((m) => m.to === usermail)).toHaveLength(2);
    // the first code no longer works once a new one was sent
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/user/account/verification',
      headers: bearer(token),
      payload: { code: first },
    });
    if (first !== t.mail.codeFor(usermail)) expect(old.statusCode).toBe(422);

    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      payload: {},
    });
    expect(nothing.statusCode).toBe(422);
  });

  it('resend is rate-limited per account', async () => {
    const usermail = uniqueEmail('spam');
    let last = 0;
    for (let i = 0; i <= AUTH.failuresBeforeLockout; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/resend-verification',
        payload: { usermail },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      last = res.statusCode;
      if (last === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(last).toBe(429);
  });
});
