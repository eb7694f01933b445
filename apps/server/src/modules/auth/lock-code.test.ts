import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { setPin, signedInUser, type SignedIn } from '../../test/factories.js';

describeDb('PIN (lock code)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const patch = (session: SignedIn, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/lock-code',
      headers: { ...session.headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify(payload),
    });
  const validate = (session: SignedIn, value: string) =>
    t.app.inject({
      url: `/api/lock-code-validate/${encodeURIComponent(value)}`,
      headers: session.headers,
    });
  const exists = async (session: SignedIn) =>
    (await t.app.inject({ url: '/api/lock-code-exist', headers: session.headers })).json();

  it('sets a PIN, reports it exists, validates it', async () => {
    const session = await signedInUser(t);
    expect(await exists(session)).toEqual({ exists: false });
    const set = await patch(session, { lock_code: '1234' });
    expect(set.statusCode).toBe(200);
    expect(set.json().exists).toBe(true);
    expect(await exists(session)).toEqual({ exists: true });
    const profile = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(profile.json().has_lock_code).toBe(true);
    const ok = await validate(session, '1234');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    const wrong = await validate(session, '9999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, detail: 'Invalid', message: 'Invalid' });
  });

  it('refuses badly formed PINs', async () => {
    const session = await signedInUser(t);
    for (const lock_code of ['123', '123456789', 'abcd', 1234]) {
      const res = await patch(session, { lock_code });
      expect(res.statusCode).toBe(422);
      expect(res.json().violations[0].propertyPath).toBe('lock_code');
    }
  });

  it('changing a PIN needs the current one', async () => {
    const session = await signedInUser(t);
    await setPin(t, session, '1234');
    const without = await patch(session, { lock_code: '5678' });
    expect(without.statusCode).toBe(422);
    expect(without.json().violations[0].propertyPath).toBe('current_lock_code');
    const wrong = await patch(session, { lock_code: '5678', current_lock_code: '0000' });
    expect(wrong.json().violations[0].code).toBe('validation.pinWrong');
    const ok = await patch(session, { lock_code: '5678', current_lock_code: '1234' });
    expect(ok.statusCode).toBe(200);
    expect((await validate(session, '5678')).statusCode).toBe(200);
  });

  it('locks after too many wrong PINs until reset with the password', async () => {
    const session = await signedInUser(t);
    await setPin(t, session, '4321');
    const statuses: number[] = [];
    for (let i = 0; i < AUTH.pinMaxTries; i += 1) {
      statuses.push((await validate(session, '0000')).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(423);
    const locked = await validate(session, '4321');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().detail).toBe('Too many wrong PINs. Reset your PIN with your password.');

    const early = await t.app.inject({ url: '/api/lock-code-reset', headers: session.headers });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe('Confirm your password before resetting the PIN.');

    await t.app.inject({
      method: 'POST',
      url: '/api/validate-password',
      headers: session.headers,
      payload: { password: session.password },
    });
    const reset = await t.app.inject({ url: '/api/lock-code-reset', headers: session.headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().exists).toBe(false);
    expect(t.mail.lastTo(session.usermail)?.template).toBe('pinReset');
    expect(await exists(session)).toEqual({ exists: false });
    await setPin(t, session, '2468');
    expect((await validate(session, '2468')).statusCode).toBe(200);
  });

  it('the re-authentication for a reset is only good for a few minutes', async () => {
    const session = await signedInUser(t);
    await setPin(t, session, '1111');
    await t.app.inject({
      method: 'POST',
      url: '/api/validate-password',
      headers: session.headers,
      payload: { password: session.password },
    });
    await t.database.db
      .updateTable('sessions')
      .set({ reauthenticated_at: t.database.dialect.time(new Date(Date.now() - 6 * 60_000)) })
      .where('user_id', '=', session.id)
      .execute();
    const res = await t.app.inject({ url: '/api/lock-code-reset', headers: session.headers });
    expect(res.statusCode).toBe(403);
  });

  it('validating without a PIN is a 400; PIN calls need a session', async () => {
    const session = await signedInUser(t);
    const res = await validate(session, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('No PIN is set.');
    expect((await t.app.inject({ url: '/api/lock-code-exist' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/lock-code-validate/1234' })).statusCode).toBe(401);
  });
});
