import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { dialectOf } from '../../events/index.js';
import { queryCacheOf } from '../../db/query-cache.js';

/**
 * The live delegates of these accounts, for those accounts that forward their notifications
 * (user_profiles.delegate_notifications): personal and workspace accounts alike
 * (docs/notes/workspaces.md, Forwarded notifications). Disabled delegates get nothing.
 */
export async function forwardingDelegates(
  db: Kysely<DatabaseSchema>,
  accountIds: number[],
): Promise<Map<number, number[]>> {
  const byAccount = new Map<number, number[]>();
  if (accountIds.length === 0) return byAccount;
  // built once per number of accounts (db/query-cache.ts): every notifying write asks
  const rows = await queryCacheOf(db).rows(
    'forwarding-delegates',
    accountIds,
    (slots) =>
      db
        .selectFrom('account_delegations as d')
        .innerJoin('user_profiles as p', 'p.user_id', 'd.account_user_id')
        .innerJoin('users as u', 'u.id', 'd.delegate_user_id')
        .select(['d.account_user_id', 'd.delegate_user_id'])
        .where('d.account_user_id', 'in', slots as number[])
        .where('d.revoked_at', 'is', null)
        .where('p.delegate_notifications', '=', dialectOf(db).bool(true))
        .where('u.disabled_at', 'is', null),
    { prepared: true },
  );
  for (const row of rows) {
    byAccount.set(row.account_user_id, [
      ...(byAccount.get(row.account_user_id) ?? []),
      row.delegate_user_id,
    ]);
  }
  return byAccount;
}
