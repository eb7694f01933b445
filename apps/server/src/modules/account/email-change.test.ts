import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import {
  createUser,
  login,
  signedInUser,
  uniqueEmail,
  type SignedIn,
} from '../../test/factories.js';
import { caller, violationOf } from '../connections/test-support.js';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describeDb('account: change of e-mail address', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = await signedInUser(t, { name: 'Alice' });
  });
  afterAll(() => t.close());

  it('refuses bad input: no session, bad address, no or wrong password, the same address', async () => {
    const next = uniqueEmail('new');
    expect(
      (
        await call(null, 'POST', '/api/user/email-change', {
          usermail: next,
          password: alice.password,
        })
      ).status,
    ).toBe(401);
    const bad = await call(alice, 'POST', '/api/user/email-change', {
      usermail: 'not-an-address',
      password: alice.password,
    });
    expect(bad.status).toBe(422);
    expect(violationOf(bad.body)).toEqual({ path: 'usermail', code: 'validation.email' });
    const missing = await call(alice, 'POST', '/api/user/email-change', { usermail: next });
    expect(violationOf(missing.body)).toEqual({ path: 'password', code: 'validation.required' });
    const wrong = await call(alice, 'POST', '/api/user/email-change', {
      usermail: next,
      password: 'Wrong-pass1',
    });
    expect(wrong.status).toBe(422);
    expect(violationOf(wrong.body)).toEqual({ path: 'password', code: 'validation.passwordWrong' });
    const same = await call(alice, 'POST', '/api/user/email-change', {
      usermail: alice.usermail.toUpperCase(),
      password: alice.password,
    });
    expect(violationOf(same.body)).toEqual({ path: 'usermail', code: 'account.emailSame' });
    expect(t.mail.sent.filter((m) => m.template === 'emailChangeConfirm')).toHaveLength(0);
    const noToken = await call(null, 'POST', '/api/user/email-change/confirm', { token: '' });
    expect(violationOf(noToken.body)).toEqual({ path: 'token', code: 'validation.required' });
    const long = await call(null, 'POST', '/api/user/email-change/confirm', {
      token: 'x'.repeat(201),
    });
    expect(long.status).toBe(422);
    const unknown = await call(null, 'POST', '/api/user/email-change/confirm', { token: 'nope' });
    expect(unknown.status).toBe(400);
  });

  it('mails a link to the new address; the change happens only when it is opened, once', async () => {
    const next = uniqueEmail('next');
    const res = await call(alice, 'POST', '/api/user/email-change', {
      usermail: next,
      password: alice.password,
    });
    expect(res.status).toBe(202);
    const mail = t.mail.lastTo(next);
    expect(mail?.template).toBe('emailChangeConfirm');
    const link = t.mail.linkFor(next);
    expect(link).toMatch(/^http:\/\/memoria\.test\/auth\/confirm-email\?token=/);
    // nothing changed yet: the old address still signs in
    await login(t, alice);
    const confirmed = await call(null, 'POST', '/api/user/email-change/confirm', {
      token: tokenOf(link),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.usermail).toBe(next);
    const notice = t.mail.lastTo(alice.usermail);
    expect(notice?.template).toBe('emailChanged');
    expect(notice?.text).toContain(next);
    await expect(login(t, alice)).rejects.toThrow(/401/);
    await login(t, { ...alice, usermail: next });
    const again = await call(null, 'POST', '/api/user/email-change/confirm', {
      token: tokenOf(link),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This confirmation link is invalid, already used or expired.');
    alice = { ...alice, usermail: next };
  });

  it('answers a taken address as a free one, and refuses it on confirmation', async () => {
    const bob = await signedInUser(t);
    const carol = await createUser(t);
    const res = await call(bob, 'POST', '/api/user/email-change', {
      usermail: carol.usermail,
      password: bob.password,
    });
    const free = await call(bob, 'POST', '/api/user/email-change', {
      usermail: uniqueEmail('free'),
      password: bob.password,
    });
    expect(res.status).toBe(free.status);
    expect(res.body).toEqual(free.body);
    // the later request replaced the earlier link; ask again for carol's address
    await call(bob, 'POST', '/api/user/email-change', {
      usermail: carol.usermail,
      password: bob.password,
    });
    const link = t.mail.linkFor(carol.usermail);
    const confirmed = await call(null, 'POST', '/api/user/email-change/confirm', {
      token: tokenOf(link),
    });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toBe(
      'Another account uses this address now, so it was not changed.',
    );
    await login(t, bob);
    await login(t, carol);
  });

  it('an expired link or one replaced by a newer request does not work', async () => {
    const dave = await signedInUser(t);
    const first = uniqueEmail('first');
    await call(dave, 'POST', '/api/user/email-change', {
      usermail: first,
      password: dave.password,
    });
    const firstLink = t.mail.linkFor(first);
    const second = uniqueEmail('second');
    await call(dave, 'POST', '/api/user/email-change', {
      usermail: second,
      password: dave.password,
    });
    expect(
      (await call(null, 'POST', '/api/user/email-change/confirm', { token: tokenOf(firstLink) }))
        .status,
    ).toBe(400);
    await t.database.db
      .updateTable('email_changes')
      .set({ expires_at: t.database.dialect.time(new Date(Date.now() - 1000)) })
      .where('user_id', '=', dave.id)
      .execute();
    const expired = await call(null, 'POST', '/api/user/email-change/confirm', {
      token: tokenOf(t.mail.linkFor(second)),
    });
    expect(expired.status).toBe(400);
    await login(t, dave);
  });
});
