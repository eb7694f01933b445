import type { Kysely, Selectable } from 'kysely';
import type { DelegationRules } from '@memoria/domain';
import type { AccountDelegationsTable, DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

export type DelegationRow = Selectable<AccountDelegationsTable>;
type Db = Kysely<DatabaseSchema>;

export async function insertDelegation(
  db: Db,
  d: DialectHelpers,
  delegation: {
    accountUserId: number;
    delegateUserId: number;
    rules: DelegationRules;
    tokenHash: string;
  },
): Promise<DelegationRow> {
  return db
    .insertInto('account_delegations')
    .values({
      account_user_id: delegation.accountUserId,
      delegate_user_id: delegation.delegateUserId,
      rules: d.json(delegation.rules),
      secure_token_hash: delegation.tokenHash,
      created_at: d.time(new Date()),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live delegation of this pair (the unique index allows at most one). */
export function findActiveDelegation(
  db: Db,
  accountUserId: number,
  delegateUserId: number,
): Promise<DelegationRow | undefined> {
  return db
    .selectFrom('account_delegations')
    .selectAll()
    .where('account_user_id', '=', accountUserId)
    .where('delegate_user_id', '=', delegateUserId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Marks a live delegation revoked; answers the pair, or undefined when none was live. */
export function markRevoked(
  db: Db,
  d: DialectHelpers,
  id: number,
): Promise<Pick<DelegationRow, 'account_user_id' | 'delegate_user_id'> | undefined> {
  return db
    .updateTable('account_delegations')
    .set({ revoked_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['account_user_id', 'delegate_user_id'])
    .executeTakeFirst();
}
