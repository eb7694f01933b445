import type { TestApp } from '../../test/harness.js';
import type { SignedIn } from '../../test/factories.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** Calls the API as `user` (or as a visitor with null); JSON in, status and JSON out. */
export function caller(t: TestApp) {
  return async (
    user: SignedIn | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(user ? user.headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: unknown = null;
    try {
      body = res.body ? res.json() : null;
    } catch {
      body = res.body;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any answer's fields
    return { status: res.statusCode, body: body as any, headers: res.headers };
  };
}

/** The first violation's property path and message key of a 422 answer. */
interface ViolationAnswer {
  violations?: Array<{ propertyPath?: string; code?: string }>;
}

export const violationOf = (body: ViolationAnswer | null | undefined) => ({
  path: body?.violations?.[0]?.propertyPath,
  code: body?.violations?.[0]?.code,
});

/** The token at the end of an emailed link. */
export const tokenOfLink = (link: string) => new URL(link).pathname.split('/').pop() ?? '';

export async function activityOf(t: TestApp, recipient: number) {
  return t.database.db
    .selectFrom('activity_events')
    .select(['type', 'actor_user_id', 'recipient_user_id', 'connection_id'])
    .where('recipient_user_id', '=', recipient)
    .orderBy('id')
    .execute();
}

export async function contactPairs(t: TestApp, a: number, b: number) {
  return t.database.db
    .selectFrom('contacts')
    .select(['user_id', 'contact_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('contact_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('contact_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Sets rules JSON keys on an account (workspace rules, mandatory message). */
export async function setRules(t: TestApp, userId: number, rules: Record<string, unknown>) {
  const { db, dialect } = t.database;
  await db
    .updateTable('users')
    .set({ rules: dialect.json(rules) })
    .where('id', '=', userId)
    .execute();
}
