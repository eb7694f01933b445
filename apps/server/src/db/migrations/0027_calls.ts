import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Video calls on collections (docs/notes/calls.md): each call, everyone who entered it (a
 * signed-in person or a visitor with the call link, under the name they typed), and the
 * account flag that allows calls without a plan.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bool, no } = migrationTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('webcalls_allowed', bool, (c) => c.notNull().defaultTo(no))
    .execute();

  await withId(db.schema.createTable('calls'), dialect)
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // visitors with the link wait until someone inside admits them, unless this is off
    .addColumn('lobby', bool, (c) => c.notNull())
    .addColumn('started_at', time, (c) => c.notNull())
    .addColumn('ended_at', time)
    // set while the call runs: at most one live call per collection
    .addColumn('live_key', 'varchar(10)', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('calls_collection_idx')
    .on('calls')
    .columns(['collection_id', 'started_at'])
    .execute();

  await withId(db.schema.createTable('call_participants'), dialect)
    .addColumn('call_id', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // lobby | in | left
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_host', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('joined_at', time, (c) => c.notNull())
    .addColumn('admitted_at', time)
    // when their call socket first opened: someone who never connects is dropped
    .addColumn('connected_at', time)
    .addColumn('left_at', time)
    .execute();
  await db.schema
    .createIndex('call_participants_call_idx')
    .on('call_participants')
    .columns(['call_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['call_participants', 'calls']);
  await db.schema.alterTable('users').dropColumn('webcalls_allowed').execute();
}
