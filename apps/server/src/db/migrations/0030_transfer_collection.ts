import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A transfer sent into a collection (docs/notes/file-transfer.md, Sending into a collection):
 * the collection its files become documents of. Null for the ordinary, encrypted transfers.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .addColumn('collection_id', 'varchar(10)', (c) =>
      c.references('collections.id').onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transfers').dropColumn('collection_id').execute();
}
