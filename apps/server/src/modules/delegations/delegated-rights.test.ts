import { afterAll, beforeAll, expect, it } from 'vitest';
import { RULE_AREAS, type DelegateRight, type RuleArea, type TokenPair } from '@memoria/domain';
import { bearer, createDelegation, createUser, signedInUser } from '../../test/factories.js';
import { servedOperations, type Operation } from '../../test/fuzz/openapi.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** "POST /api/memo/{id}" of the document as Fastify registered it ("POST /api/memo/:id"). */
const routeKey = (op: Operation) =>
  `${op.method} ${op.path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1')}`;

/** The rights the declaration lets through, written here independently of the hook. */
function allowed(declared: DelegateRight, held: RuleArea): boolean {
  if (declared === 'any') return true;
  if (declared === 'none') return false;
  // the admin right also lists workspaces (docs/RULES.md, Permissions: list workspaces)
  if (declared === 'workspaces') return held === 'workspaces' || held === 'admin';
  return declared === held;
}

/**
 * docs/RULES.md, Delegated rights: every write route of the OpenAPI document declares the
 * right a delegate needs, and a delegate holding each single right passes the rights check
 * on exactly the routes that right allows. A route added without a declaration fails here.
 */
describeDb('delegated rights on every write route', () => {
  let t: TestApp;
  /** one delegate session per right, each holding only that right on a main account */
  const sessions = new Map<RuleArea, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const account = await createUser(t, { name: 'Main account' });
    await t.database.db
      .updateTable('users')
      .set({ user_type: 'main' })
      .where('id', '=', account.id)
      .execute();
    for (const right of RULE_AREAS) {
      const person = await signedInUser(t, { name: `Holder of ${right}` });
      const rules = Object.fromEntries(RULE_AREAS.map((area) => [area, area === right]));
      const { secure_token } = await createDelegation(t, account, person, rules);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: person.headers,
        payload: { account_user: `/api/user/${account.id}`, secure_token },
      });
      expect(res.statusCode).toBe(200);
      sessions.set(right, (res.json() as TokenPair).token);
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it('every write route declares a right', async () => {
    const writes = (await servedOperations(t.app)).filter((op) => WRITES.has(op.method));
    expect(writes.length).toBeGreaterThan(50);
    const undeclared = writes.filter((op) => t.app.delegateRights.get(routeKey(op)) === undefined);
    expect(undeclared.map((op) => op.key)).toEqual([]);
  });

  it('a delegate holding one right passes the check exactly where that right allows', async () => {
    const writes = (await servedOperations(t.app)).filter((op) => WRITES.has(op.method));
    // signing out ends the delegate's session: last
    writes.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
    const mismatches: string[] = [];
    for (const op of writes) {
      const declared = t.app.delegateRights.get(routeKey(op));
      if (declared === undefined) continue; // reported by the test above
      const url = op.path.replace(/\{[^}]+\}/g, '999999');
      for (const right of RULE_AREAS) {
        // no body: the check comes before the body is read as a form or validated
        const res = await t.app.inject({
          method: op.method as 'POST',
          url,
          headers: bearer(sessions.get(right)!),
        });
        const body = res.body ? (JSON.parse(res.body) as { missing_right?: string }) : {};
        const refused = res.statusCode === 403 && body.missing_right !== undefined;
        if (refused) {
          expect(body.missing_right, op.key).toBe(declared);
          expect(res.json().message).toBe('You are not authorised to perform this action');
        }
        expect(res.statusCode, `${op.key} as ${right}: ${res.body}`).toBeLessThan(500);
        if (refused === allowed(declared, right)) {
          mismatches.push(`${op.key} (${declared}) as ${right}: ${res.statusCode}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('the account acting as itself is never refused by the rights check', async () => {
    const own = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sessions/sign-out-others',
      headers: own.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});
