import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { DialectHelpers } from '../db/dialect.js';

/** Ids per query: well below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

/**
 * Of these sessions, the ones still live: not revoked, not expired, the account enabled,
 * and for a session acting through a delegation, the person behind it enabled and the
 * delegation not revoked (the rule the auth guard applies to each request).
 */
export async function liveSessionIds(
  db: Kysely<DatabaseSchema>,
  dialect: DialectHelpers,
  sessionIds: readonly number[],
): Promise<Set<number>> {
  const live = new Set<number>();
  const now = dialect.time(new Date());
  for (let start = 0; start < sessionIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('users as root', 'root.id', 'sessions.root_user_id')
      .leftJoin('account_delegations as delegation', (join) =>
        join
          .onRef('delegation.account_user_id', '=', 'sessions.user_id')
          .onRef('delegation.delegate_user_id', '=', 'sessions.root_user_id')
          .on('delegation.revoked_at', 'is', null),
      )
      .select('sessions.id')
      .where('sessions.id', 'in', sessionIds.slice(start, start + CHUNK))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('users.disabled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('sessions.root_user_id', 'is', null),
          eb.and([eb('root.disabled_at', 'is', null), eb('delegation.id', 'is not', null)]),
        ]),
      )
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}
