import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { columnTypes } from '../column-types.js';

/**
 * The durable job queue (docs/notes/jobs-and-admin.md) and the plan an account holds with the
 * storage it bought as add-ons (docs/RULES.md, Plans), which the operator command line can set.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const t = columnTypes(dialect);
  const time = sql.raw(t.time);
  const table = db.schema.createTable('jobs');
  await (
    dialect.name === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', sql.raw(t.json), (c) => c.notNull())
    .addColumn('run_at', time, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'varchar(200)')
    .addColumn('locked_at', time)
    .addColumn('unique_key', 'varchar(200)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  // The poll query: due queued jobs in order, and running ones whose lease ran out.
  await db.schema
    .createIndex('jobs_status_run_at_idx')
    .on('jobs')
    .columns(['status', 'run_at'])
    .execute();
  // One waiting job per key: enqueueing the key again replaces it (a rescheduled memo).
  await db.schema
    .createIndex('jobs_unique_key_queued_idx')
    .on('jobs')
    .column('unique_key')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('queued'))
    .execute();

  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('users')
    .addColumn('plan', 'varchar(20)', (c) => c.notNull().defaultTo('free'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('storage_order_bytes', sql.raw(t.bigint), (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('storage_order_bytes').execute();
  await db.schema.alterTable('users').dropColumn('plan').execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
