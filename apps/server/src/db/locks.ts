import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from './dialect.js';
import type { DatabaseSchema } from './schema.js';

/**
 * Serialises the transactions that count something and then add to it under a limit (the
 * transfers' daily allowances): two at once would both see room for one more. On PostgreSQL
 * this takes a lock on `key` held until the transaction ends. On SQLite nothing is needed:
 * a transaction holds the process's only connection, and another process's write in between
 * makes this one's own write fail rather than pass the limit.
 */
export async function lockForLimit(
  trx: Kysely<DatabaseSchema>,
  dialect: DialectHelpers,
  key: string,
): Promise<void> {
  if (dialect.name !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
