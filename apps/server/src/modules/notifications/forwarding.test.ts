import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createDelegation, signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

/** delegate_notifications (docs/notes/workspaces.md): the account's notifications reach its delegates. */
describeDb('notifications forwarded to delegates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function settle() {
    // the copies are dispatched while the original is delivered
    await t.app.activitySettled();
    await t.app.activitySettled();
  }

  const notifications = async (who: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { ...bearer(who.token), accept: 'application/ld+json' },
      })
    ).json()['hydra:member'] as Array<{ type: string }>;

  /** Ada's account made a workspace account, as workspaces:create would. */
  async function workspace(who: SignedIn) {
    await t.database.db
      .updateTable('users')
      .set({ user_type: 'workspace', workspace_type: 'workspace' })
      .where('id', '=', who.id)
      .execute();
  }

  async function requestFrom(sender: SignedIn, to: SignedIn) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connection',
      headers: bearer(sender.token),
      payload: { user_to_email: to.usermail },
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
  }

  it('copies to the live delegates while the account forwards, and stops when it does not', async () => {
    const ada = await signedInUser(t, { name: 'Ada' });
    const ben = await signedInUser(t, { name: 'Ben' });
    const made = await createDelegation(t, ada, ben);
    await workspace(ada);
    await settle();
    const before = (await notifications(ben)).length;

    await requestFrom(await signedInUser(t, { name: 'Carl' }), ada);
    expect((await notifications(ada)).map((n) => n.type)).toEqual(['new_connection']);
    const forwarded = await notifications(ben);
    expect(forwarded).toHaveLength(before + 1);
    expect(forwarded[0]?.type).toBe('new_connection');

    await t.database.db
      .updateTable('user_profiles')
      .set({ delegate_notifications: t.database.dialect.bool(false) })
      .where('user_id', '=', ada.id)
      .execute();
    await requestFrom(await signedInUser(t, { name: 'Dora' }), ada);
    expect(await notifications(ada)).toHaveLength(2);
    expect(await notifications(ben)).toHaveLength(before + 1);
    expect(made.delegation.id).toEqual(expect.any(Number));
  });

  it('a personal account forwards too; a revoked delegate gets nothing more', async () => {
    const ada = await signedInUser(t, { name: 'Ada' });
    const ben = await signedInUser(t, { name: 'Ben' });
    const made = await createDelegation(t, ada, ben);
    await settle();
    const before = (await notifications(ben)).length;
    await requestFrom(await signedInUser(t, { name: 'Eve' }), ada);
    const forwarded = await notifications(ben);
    expect(forwarded).toHaveLength(before + 1);
    expect(forwarded[0]?.type).toBe('new_connection');
    await t.database.db
      .updateTable('account_delegations')
      .set({ revoked_at: t.database.dialect.time(new Date()) })
      .where('id', '=', made.delegation.id)
      .execute();
    await requestFrom(await signedInUser(t, { name: 'Carl' }), ada);
    expect(await notifications(ben)).toHaveLength(before + 1);
    expect(await notifications(ada)).toHaveLength(2);
  });

  it('a personal account that switched forwarding off keeps its notifications to itself', async () => {
    const ada = await signedInUser(t, { name: 'Ada' });
    const ben = await signedInUser(t, { name: 'Ben' });
    await createDelegation(t, ada, ben);
    await settle();
    const before = (await notifications(ben)).length;
    const me = await t.app.inject({ url: '/api/profile', headers: bearer(ada.token) });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/profile/${me.json().profile_id}`,
      headers: bearer(ada.token),
      payload: { delegate_notifications: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await requestFrom(await signedInUser(t, { name: 'Fay' }), ada);
    expect(await notifications(ada)).toHaveLength(1);
    expect(await notifications(ben)).toHaveLength(before);
  });
});
