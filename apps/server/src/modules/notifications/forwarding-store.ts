import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { dialectOf } from '../../events/index.js';

/**
 * The live delegates of the accounts `accountIds`, for those accounts that forward their
 * notifications (user_profiles.delegate_notifications): personal and workspace accounts alike
 * (docs/notes/workspaces.md, Forwarded notifications). Disabled delegates get nothing. A part
 * of the delivery's one read of its recipients (recipient-states-store.ts).
 */
export function forwardingDelegatesQuery(db: Kysely<DatabaseSchema>, accountIds: number[]) {
  return db
    .selectFrom('account_delegations as d')
    .innerJoin('user_profiles as p', 'p.user_id', 'd.account_user_id')
    .innerJoin('users as u', 'u.id', 'd.delegate_user_id')
    .where('d.account_user_id', 'in', accountIds)
    .where('d.revoked_at', 'is', null)
    .where('p.delegate_notifications', '=', dialectOf(db).bool(true))
    .where('u.disabled_at', 'is', null);
}
