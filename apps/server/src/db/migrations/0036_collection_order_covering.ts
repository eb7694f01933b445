import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 26: a collection's page is a prepared statement on PostgreSQL, planned once for a
 * collection of average size (about twenty memos). For that size the plan read every link
 * of the collection and sorted them, which for a 10,000-memo collection cost 15 ms a page.
 * With the order index holding the whole sort key and the memo's id, the page is an
 * index-only walk that stops at the page's end, and the generic plan takes it whatever the
 * collection's size (docs/PERFORMANCE.md, "A big collection's page under a generic plan").
 * SQLite keeps its index: every SQLite index ends with the row id, and its plans are made
 * for each statement's values anyway.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  if (dialect.name !== 'postgres') return;
  await sql`create index memos_per_collection_order_next on memos_per_collection
    (collection_id, sequence_number, position, id) include (memo_id)`.execute(db);
  await sql`drop index memos_per_collection_order_idx`.execute(db);
  await sql`alter index memos_per_collection_order_next
    rename to memos_per_collection_order_idx`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  if (dialect.name !== 'postgres') return;
  await sql`drop index memos_per_collection_order_idx`.execute(db);
  await sql`create index memos_per_collection_order_idx on memos_per_collection
    (collection_id, sequence_number, position)`.execute(db);
}
