import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

/**
 * A workspace account has the Silver rules, so by default one comes only with the order of
 * its plan (docs/notes/workspaces.md): POST /api/create-workspace is refused and makes nothing.
 */
describeDb('making a workspace without its plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { workspacesWithoutPlan: false } });
  });
  afterAll(() => t?.close());

  it('is refused with the subscription prompt, and nothing is made', async () => {
    const ada = await signedInUser(t);
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-workspace',
      headers: { ...ada.headers, 'accept-language': 'nl' },
      payload: { name: 'Free ride', workspace_type: 'workspace' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'subscription required',
      detail: 'A group or workspace comes with its plan: choose one under Subscriptions.',
      message: 'Een groep of werkruimte hoort bij een abonnement: kies er een onder Abonnementen.',
    });
    expect(await count()).toBe(before);
  });
});
