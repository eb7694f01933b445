import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { readCount } from '../../db/dialect.js';
import { textMatches } from '../../db/text-search.js';

type Db = Kysely<DatabaseSchema>;

/** Queries behind the operator command line (accounts seen and changed by an operator). */

function searchFilter(search: string | undefined) {
  if (!search) return undefined;
  return sql<boolean>`(${textMatches('users.usermail', search)} or ${textMatches('user_profiles.name', search)})`;
}

export async function listAccounts(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  let query = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.usermail',
      'user_profiles.name',
      'users.plan',
      'users.is_active',
      'users.disabled_at',
      'users.two_factor_enabled',
      'users.storage_used',
      'users.created_at',
    ]);
  const filter = searchFilter(options.search);
  if (filter) query = query.where(filter);
  return query.orderBy('users.id').limit(options.limit).offset(options.offset).execute();
}

export async function countAccounts(db: Db, search?: string): Promise<number> {
  let query = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select((eb) => eb.fn.countAll().as('count'));
  const filter = searchFilter(search);
  if (filter) query = query.where(filter);
  const row = await query.executeTakeFirst();
  return readCount(row?.count);
}

export async function setPlan(
  db: Db,
  d: DialectHelpers,
  userId: number,
  plan: string,
  rules: unknown,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ plan, rules: d.json(rules), updated_at: d.time(new Date()) })
    .where('id', '=', userId)
    .execute();
}

export async function setOrderStorage(
  db: Db,
  d: DialectHelpers,
  userId: number,
  bytes: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ storage_order_bytes: bytes, updated_at: d.time(new Date()) })
    .where('id', '=', userId)
    .execute();
}

export async function setDisabledAt(
  db: Db,
  d: DialectHelpers,
  userId: number,
  at: Date | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled_at: at ? d.time(at) : null, updated_at: d.time(new Date()) })
    .where('id', '=', userId)
    .execute();
}

export async function markIdentified(
  db: Db,
  d: DialectHelpers,
  userId: number,
  officialName: string,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({
      user_identified: d.bool(true),
      has_pending_identification: d.bool(false),
      name_official: officialName,
      updated_at: d.time(new Date()),
    })
    .where('user_id', '=', userId)
    .execute();
}

export async function countLiveSessions(db: Db, d: DialectHelpers, userId: number) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', d.time(new Date()))
    .executeTakeFirst();
  return readCount(row?.count);
}

export async function accountTotals(db: Db, d: DialectHelpers) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.count('disabled_at').as('disabled'),
      eb.fn.sum('storage_used').as('storage_used'),
    ])
    .executeTakeFirst();
  const active = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('is_active', '=', d.bool(true))
    .executeTakeFirst();
  return {
    total: readCount(row?.total),
    disabled: readCount(row?.disabled),
    active: readCount(active?.count),
    storageUsed: readCount(row?.storage_used),
  };
}
