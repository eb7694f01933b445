import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { migrationTypes } from '../table-builders.js';

/**
 * Calls left behind by a stopped server (docs/notes/calls.md, Instances that stop): the
 * instance holding a participant's call socket refreshes seen_at; a periodic sweep lets go
 * whoever it has not refreshed for a while.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time } = migrationTypes(dialect);
  await db.schema.alterTable('call_participants').addColumn('seen_at', time).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_participants').dropColumn('seen_at').execute();
}
