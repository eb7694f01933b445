import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate } from 'otplib';
import { AUTH, LOGIN_ERROR, LOGIN_STATUS } from '@memoria/domain';
import { SIGN_IN_SLOW_DOWN_SECONDS } from '../../http/rate-limit.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import {
  bearer,
  createUser,
  enableEmailTwoFactor,
  enableTotp,
  signedInUser,
  uniqueEmail,
} from '../../test/factories.js';

describeDb('login and second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  let address = 0;
  /** Each test signs in from its own address so per-address limits stay apart. */
  const loginAs = (
    payload: object,
    remoteAddress = `10.2.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  ) => t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

  it('answers a token pair for good credentials (email is case-insensitive)', async () => {
    const user = await createUser(t);
    const res = await loginAs({ usermail: user.usermail.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
    const me = await t.app.inject({ url: '/api/profile', headers: bearer(body.token) });
    expect(me.json().id).toBe(user.id);
  });

  it('answers 401 "Invalid credentials." alike for a wrong password and an unknown address', async () => {
    const user = await createUser(t);
    const wrong = await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' });
    const unknown = await loginAs({ usermail: uniqueEmail('nobody'), password: 'Wrong-pass1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: LOGIN_ERROR.invalidCredentials,
        status: 401,
        title: 'Unauthorized',
        detail: 'Wrong email or password.',
      });
    }
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('unverified accounts learn so only after a correct password', async () => {
    const user = await createUser(t, { active: false });
    const bad = await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' });
    expect(bad.json().error).toBe(LOGIN_ERROR.invalidCredentials);
    const good = await loginAs({ usermail: user.usermail, password: user.password });
    expect(good.statusCode).toBe(401);
    expect(good.json().error).toBe(LOGIN_ERROR.notActivated);
  });

  it('a disabled account cannot sign in and its sessions stop at once', async () => {
    const session = await signedInUser(t);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', session.id)
      .execute();
    const res = await loginAs({ usermail: session.usermail, password: session.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(LOGIN_ERROR.accountDisabled);
    const me = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(me.statusCode).toBe(401);
    expect(me.headers['x-token-expired']).toBe('1');
  });

  it('validates the payload', async () => {
    const missing = await loginAs({ usermail: 'a@b.cc' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations).toEqual([
      { propertyPath: 'password', message: 'This value is required.', code: 'validation.required' },
    ]);
    const array = await loginAs([1, 2] as unknown as object);
    expect(array.statusCode).toBe(422);
    const wrongType = await loginAs({ usermail: { $ne: 1 }, password: true });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().violations.map((v: { code: string }) => v.code)).toEqual([
      'validation.type',
      'validation.type',
    ]);
  });

  it('TOTP: asks for the code, accepts a current code, refuses a wrong one', async () => {
    const session = await signedInUser(t);
    const { secret, backupCodes } = await enableTotp(t, session);
    expect(backupCodes).toHaveLength(AUTH.backupCodeCount);
    const first = await loginAs({ usermail: session.usermail, password: session.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: LOGIN_STATUS.twoFactorRequired, method: 'totp' });

    const wrong = await loginAs({
      usermail: session.usermail,
      password: session.password,
      code: '000000' === (await generate({ secret })) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: LOGIN_ERROR.codeInvalid,
      status: 401,
      detail: 'Authentication code not valid or incorrect.',
    });

    const current = await generate({ secret });
    const ok = await loginAs({
      usermail: session.usermail,
      password: session.password,
      code: current,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();

    // the same code cannot be used twice (replay within its 30 s window)
    const replay = await loginAs({
      usermail: session.usermail,
      password: session.password,
      code: current,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(LOGIN_ERROR.codeInvalid);

    // a wrong password with a right code still fails as bad credentials
    const badPassword = await loginAs({
      usermail: session.usermail,
      password: 'Wrong-pass1',
      code: await generate({ secret }),
    });
    expect(badPassword.json().error).toBe(LOGIN_ERROR.invalidCredentials);
  });

  it('backup codes work once each, on every sign-in path', async () => {
    const session = await signedInUser(t);
    const { backupCodes } = await enableTotp(t, session);
    const [first, second] = backupCodes as [string, string];
    const use = (code: string) =>
      loginAs({ usermail: session.usermail, password: session.password, code });
    expect((await use(first)).statusCode).toBe(200);
    const reused = await use(first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(LOGIN_ERROR.codeInvalid);
    // typed in upper case without the dash
    expect((await use(second.replace('-', '').toUpperCase())).statusCode).toBe(200);

    const emailUser = await signedInUser(t);
    const { backupCodes: emailBackups } = await enableEmailTwoFactor(t, emailUser);
    const viaBackup = await loginAs({
      usermail: emailUser.usermail,
      password: emailUser.password,
      code: emailBackups[0],
    });
    expect(viaBackup.statusCode).toBe(200);
  });

  it('email 2FA: the first call mails a code, the second signs in with it', async () => {
    const session = await signedInUser(t, { locale: 'uk' });
    await enableEmailTwoFactor(t, session);
    t.mail.clear();
    const first = await loginAs({ usermail: session.usermail, password: session.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: LOGIN_STATUS.emailCodeSent, method: 'email' });
    const mail = t.mail.lastTo(session.usermail);
    expect(mail?.template).toBe('signInCode');
    expect(mail?.locale).toBe('uk');
    expect(mail?.subject).toContain('Memoria');
    const code = t.mail.codeFor(session.usermail);

    const wrong = await loginAs({
      usermail: session.usermail,
      password: session.password,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(LOGIN_ERROR.codeInvalid);
    const ok = await loginAs({ usermail: session.usermail, password: session.password, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    // the emailed code is single use
    const again = await loginAs({ usermail: session.usermail, password: session.password, code });
    expect(again.statusCode).toBe(401);
  });

  it('locks an address out of an account after repeated failures with 429 and Retry-After', async () => {
    const user = await createUser(t);
    const ip = '198.51.100.20';
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      const res = await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginAs({ usermail: user.usermail, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(blocked.json().detail).toMatch(/^Too many attempts\. Please wait \d+ minutes/);
  });

  it('an address that failed too often is refused; the owner signs in from another address', async () => {
    const user = await createUser(t);
    const attacker = '198.51.100.10';
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      const res = await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' }, attacker);
      expect(res.statusCode).toBe(401);
    }
    const refused = await loginAs({ usermail: user.usermail, password: user.password }, attacker);
    expect(refused.statusCode).toBe(429);
    // meanwhile the owner, from an address that has not failed, gets in with the password
    const owner = await loginAs({ usermail: user.usermail, password: user.password });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
    // and the owner's success does not lift the attacker's lock
    const still = await loginAs({ usermail: user.usermail, password: user.password }, attacker);
    expect(still.statusCode).toBe(429);
  });

  it('failures from many addresses slow the account down (one try a minute), never lock it', async () => {
    const user = await createUser(t);
    const attackers = Array.from({ length: 5 }, (_, i) => `198.51.101.${i + 1}`);
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      const ip = attackers[i % attackers.length]!;
      const res = await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' }, ip);
      expect(res.statusCode).toBe(401);
    }
    // every attacker address is below its own limit, but the account has had enough: the
    // failed addresses share one attempt per slow-down interval
    const first = await loginAs({ usermail: user.usermail, password: 'Wrong-pass2' }, attackers[0]);
    expect(first.statusCode).toBe(401);
    const slowed = await loginAs(
      { usermail: user.usermail, password: user.password },
      attackers[1],
    );
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_SLOW_DOWN_SECONDS);
    expect(slowed.json().detail).toMatch(/^Too many attempts\. Please wait 1 minutes/);
    const again = await loginAs({ usermail: user.usermail, password: user.password }, attackers[0]);
    expect(again.statusCode).toBe(429);
    // the owner, from an address that has not failed, is not slowed down
    const owner = await loginAs({ usermail: user.usermail, password: user.password });
    expect(owner.statusCode).toBe(200);
  });

  it('a password reset by e-mail lifts the slow-down of the account', async () => {
    const user = await createUser(t);
    const attackers = ['198.51.102.1', '198.51.102.2'];
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' }, attackers[i % 2]);
    }
    await loginAs({ usermail: user.usermail, password: 'Wrong-pass1' }, attackers[0]);
    const slowed = await loginAs(
      { usermail: user.usermail, password: user.password },
      attackers[1],
    );
    expect(slowed.statusCode).toBe(429);
    const post = (url: string, payload: object, remoteAddress = '198.51.102.9') =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    await post('/api/forgot-password', { usermail: user.usermail });
    const token = new URL(t.mail.linkFor(user.usermail)).searchParams.get('token');
    const password = 'New-pass-42';
    const reset = await post('/api/forgot-password-confirm', {
      password,
      userForgotPassword: token,
    });
    expect(reset.statusCode).toBe(200);
    const after = await loginAs({ usermail: user.usermail, password }, attackers[1]);
    expect(after.statusCode).toBe(200);
  });

  it('counts failures per client address; a forged X-Forwarded-For changes nothing', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: uniqueEmail('spray'), password: 'Wrong-pass1' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: user.usermail, password: user.password },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(blocked.statusCode).toBe(429);
    // another address is not affected
    const other = await loginAs({ usermail: user.usermail, password: user.password });
    expect(other.statusCode).toBe(200);
  });
});

describeDb('login behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('uses X-Forwarded-For from the trusted proxy as the client address', async () => {
    for (let i = 0; i < AUTH.failuresBeforeLockout; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: uniqueEmail('proxy'), password: 'Wrong-pass1' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
    }
    const user = await createUser(t);
    const sameClient = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: user.usermail, password: user.password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(sameClient.statusCode).toBe(429);
    const otherClient = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: user.usermail, password: user.password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.51' },
    });
    expect(otherClient.statusCode).toBe(200);
  });
});
