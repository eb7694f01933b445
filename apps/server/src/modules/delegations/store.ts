import type { Kysely, Selectable } from 'kysely';
import type { DelegationRules } from '@memoria/domain';
import type {
  AccountDelegationsTable,
  DatabaseSchema,
  DelegationAuditTable,
} from '../../db/schema.js';
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
    sealedToken: string;
  },
): Promise<DelegationRow> {
  return db
    .insertInto('account_delegations')
    .values({
      account_user_id: delegation.accountUserId,
      delegate_user_id: delegation.delegateUserId,
      rules: d.json(delegation.rules),
      secure_token_hash: delegation.tokenHash,
      secure_token: delegation.sealedToken,
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

/** A live delegation by id. */
export function findLiveDelegation(db: Db, id: number): Promise<DelegationRow | undefined> {
  return db
    .selectFrom('account_delegations')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Replaces the flags of a live delegation; answers the row, or undefined when none was live. */
export function updateRules(
  db: Db,
  d: DialectHelpers,
  id: number,
  rules: DelegationRules,
): Promise<DelegationRow | undefined> {
  return db
    .updateTable('account_delegations')
    .set({ rules: d.json(rules) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export type DelegationListRow = DelegationRow & { account_name: string; delegate_name: string };

/** The live delegations `userId` gave or holds, newest first, one page, and how many in all. */
export async function pageOfDelegations(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DelegationListRow[]; total: number }> {
  const mine = db
    .selectFrom('account_delegations as d')
    .where('d.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([eb('d.account_user_id', '=', userId), eb('d.delegate_user_id', '=', userId)]),
    );
  const [rows, count] = await Promise.all([
    mine
      .innerJoin('user_profiles as ap', 'ap.user_id', 'd.account_user_id')
      .innerJoin('user_profiles as dp', 'dp.user_id', 'd.delegate_user_id')
      .selectAll('d')
      .select(['ap.name as account_name', 'dp.name as delegate_name'])
      .orderBy('d.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    mine.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertAudit(
  db: Db,
  d: DialectHelpers,
  entry: Omit<Selectable<DelegationAuditTable>, 'id' | 'created_at'>,
): Promise<unknown> {
  return db
    .insertInto('delegation_audit')
    .values({ ...entry, created_at: d.time(new Date()) })
    .execute();
}

export type AuditRow = Selectable<DelegationAuditTable> & { delegate_name: string };

/** The audit log of one account, newest first, one page, and how many entries in all. */
export async function pageOfAudit(
  db: Db,
  accountUserId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('delegation_audit as a')
      .innerJoin('user_profiles as p', 'p.user_id', 'a.delegate_user_id')
      .selectAll('a')
      .select('p.name as delegate_name')
      .where('a.account_user_id', '=', accountUserId)
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('delegation_audit')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_user_id', '=', accountUserId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The live delegations an account gave (for its admins: the last one stays). */
export function liveDelegationsOf(db: Db, accountUserId: number): Promise<DelegationRow[]> {
  return db
    .selectFrom('account_delegations')
    .selectAll()
    .where('account_user_id', '=', accountUserId)
    .where('revoked_at', 'is', null)
    .execute();
}
