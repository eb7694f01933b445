import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import {
  createDelegation,
  login,
  signedInUser,
  bearer,
  type SignedIn,
} from '../../test/factories.js';
import { caller, violationOf } from '../connections/test-support.js';
import { insertCollection, insertMemo } from '../media/test-support.js';

const DAY = 86_400_000;

describeDb('account: deletion after a grace period', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp({
      config: { account: { deletionGraceDays: 3, helpSiteUrl: 'https://help.example' } },
    });
    call = caller(t);
  });
  afterAll(() => t.close());

  const userRow = (id: number) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const loginStatus = async (user: SignedIn) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { usermail: user.usermail, password: user.password },
      })
    ).json();

  it('refuses bad input: no session, no reason, a reason too long, no or wrong password', async () => {
    const alice = await signedInUser(t);
    const url = '/api/user/account/delete';
    expect((await call(null, 'POST', url, { reason: 'x', password: 'y' })).status).toBe(401);
    const blank = await call(alice, 'POST', url, { reason: '   ', password: alice.password });
    expect(violationOf(blank.body)).toEqual({ path: 'reason', code: 'validation.required' });
    const long = await call(alice, 'POST', url, {
      reason: 'r'.repeat(1001),
      password: alice.password,
    });
    expect(violationOf(long.body)).toEqual({ path: 'reason', code: 'validation.tooLong' });
    const none = await call(alice, 'POST', url, { reason: 'Leaving' });
    expect(violationOf(none.body)).toEqual({ path: 'password', code: 'validation.required' });
    const wrong = await call(alice, 'POST', url, { reason: 'Leaving', password: 'Wrong-pass1' });
    expect(wrong.status).toBe(422);
    expect(violationOf(wrong.body)).toEqual({
      path: 'password',
      code: 'account.deleteWrongPassword',
    });
    expect(wrong.body.message).toContain('Your account was not deleted.');
    expect((await userRow(alice.id))?.disabled_at).toBeNull();
    expect((await call(alice, 'GET', '/api/profile')).status).toBe(200);
  });

  it('a delegate acting for the account cannot delete it', async () => {
    const owner = await signedInUser(t);
    const delegate = await signedInUser(t);
    const { secure_token } = await createDelegation(t, owner, delegate);
    const switched = await call(delegate, 'POST', '/api/switch-user', {
      account_user: `/api/user/${owner.id}`,
      secure_token,
    });
    expect(switched.status).toBe(200);
    const acting = { ...delegate, headers: bearer(switched.body.token) };
    const res = await call(acting, 'POST', '/api/user/account/delete', {
      reason: 'x',
      password: delegate.password,
    });
    expect(res.status).toBe(403);
    expect((await userRow(owner.id))?.disabled_at).toBeNull();
  });

  it('disables at once, deletes with everything after the grace period by a job', async () => {
    const bob = await signedInUser(t);
    const other = await login(t, bob);
    await insertMemo(t, bob.id, await insertCollection(t, bob.id, 'private'));
    const res = await call(bob, 'POST', '/api/user/account/delete', {
      reason: '  Moving on  ',
      password: bob.password,
    });
    expect(res.status).toBe(202);
    const after = new Date(res.body.delete_after).getTime();
    expect(after - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(after - Date.now()).toBeLessThanOrEqual(3 * DAY);
    expect(t.mail.lastTo(bob.usermail)?.template).toBe('accountDeletion');
    // every session ended, sign-in of a third party impossible; the row is still there
    expect((await call(bob, 'GET', '/api/profile')).status).toBe(401);
    expect(
      (await call({ ...bob, headers: bearer(other.token) }, 'GET', '/api/profile')).status,
    ).toBe(401);
    const pending = await t.database.db
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(pending.reason).toBe('Moving on');
    // not due yet: nothing happens
    await t.app.jobs.runDue();
    expect(await userRow(bob.id)).toBeDefined();
    await t.app.jobs.runDue({ now: new Date(after + 1000) });
    expect(await userRow(bob.id)).toBeUndefined();
    const memos = await t.database.db
      .selectFrom('memos')
      .select('id')
      .where('user_id', '=', bob.id)
      .execute();
    expect(memos).toEqual([]);
    expect((await loginStatus(bob)).status).toBe(401);
  });

  it('signing in during the grace period cancels the deletion, with a notice', async () => {
    const carol = await signedInUser(t);
    await call(carol, 'POST', '/api/user/account/delete', {
      reason: 'Unsure',
      password: carol.password,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: carol.usermail, password: 'Wrong-pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    const back = await loginStatus(carol);
    expect(back.token).toEqual(expect.any(String));
    expect(back.notice).toBe('Welcome back. Your account will not be deleted.');
    expect((await userRow(carol.id))?.disabled_at).toBeNull();
    await t.app.jobs.runDue({ now: new Date(Date.now() + 30 * DAY) });
    expect(await userRow(carol.id)).toBeDefined();
    // an ordinary sign-in afterwards says nothing more
    expect((await loginStatus(carol)).notice).toBeUndefined();
  });

  it('an account an operator disabled after the request does not sign in', async () => {
    const dave = await signedInUser(t);
    await call(dave, 'POST', '/api/user/account/delete', {
      reason: 'Bye',
      password: dave.password,
    });
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date(Date.now() + 5000)) })
      .where('id', '=', dave.id)
      .execute();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { usermail: dave.usermail, password: dave.password },
    });
    expect(refused.statusCode).toBe(403);
  });
});
