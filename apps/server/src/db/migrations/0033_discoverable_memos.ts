import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { migrationTypes } from '../table-builders.js';

/**
 * Issue 26: discover lists published memos in a public collection, newest first. Walking
 * memos_feed_idx, it tested every memo of the server on the way: at 1,000,000 memos a page
 * read about 800 memos for 30 public ones (3.7 ms a page on PostgreSQL, a third of the
 * database's time under the load test). `memos.discoverable` says that the memo is in at
 * least one public collection, and memos_discover_idx holds only those, so the walk reads
 * public memos alone; the audience rules still judge each one for the viewer.
 *
 * Triggers keep the flag: a memo put into or taken out of a collection (deletes cascaded
 * from a memo or a collection included) and a collection whose type changes recompute it
 * for the memos concerned, writing only when it changes.
 */
const recompute = (memoId: RawBuilder<unknown>) => sql`update memos
  set discoverable = (${publicIn(memoId)})
  where id = ${memoId} and discoverable <> (${publicIn(memoId)})`;

const publicIn = (memoId: RawBuilder<unknown>) => sql`exists (select 1 from memos_per_collection dp
  inner join collections dc on dc.id = dp.collection_id
  where dp.memo_id = ${memoId} and dc.type = 'public')`;

const ofCollection = (collectionId: RawBuilder<unknown>) => sql`update memos
  set discoverable = (${publicIn(sql.ref('memos.id'))})
  where id in (select cp.memo_id from memos_per_collection cp where cp.collection_id = ${collectionId})
    and discoverable <> (${publicIn(sql.ref('memos.id'))})`;

const old = sql.raw('old.memo_id');
const now = sql.raw('new.memo_id');

export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { bool, no, yes } = migrationTypes(dialect);
  await db.schema
    .alterTable('memos')
    .addColumn('discoverable', bool, (c) => c.notNull().defaultTo(no))
    .execute();
  await sql`update memos set discoverable = ${yes} where ${publicIn(sql.ref('memos.id'))}`.execute(
    db,
  );
  await db.schema
    .createIndex('memos_discover_idx')
    .on('memos')
    .columns(['published_at', 'id', 'user_id'])
    .where(sql<boolean>`status = 'published' and discoverable = ${yes}`)
    .execute();

  if (dialect.name === 'sqlite') {
    await sql`create trigger memos_per_collection_discoverable_insert
      after insert on memos_per_collection begin ${recompute(now)}; end`.execute(db);
    await sql`create trigger memos_per_collection_discoverable_delete
      after delete on memos_per_collection begin ${recompute(old)}; end`.execute(db);
    await sql`create trigger memos_per_collection_discoverable_update
      after update of memo_id, collection_id on memos_per_collection
      begin ${recompute(old)}; ${recompute(now)}; end`.execute(db);
    await sql`create trigger collections_discoverable_type
      after update of type on collections when old.type <> new.type
      begin ${ofCollection(sql.raw('new.id'))}; end`.execute(db);
    return;
  }
  await sql`create function memos_discoverable_of_pair() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${recompute(old)}; end if;
      if tg_op in ('INSERT', 'UPDATE') then ${recompute(now)}; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger memos_per_collection_discoverable
    after insert or delete or update of memo_id, collection_id on memos_per_collection
    for each row execute function memos_discoverable_of_pair()`.execute(db);
  await sql`create function memos_discoverable_of_collection() returns trigger language plpgsql as $$
    begin
      ${ofCollection(sql.raw('new.id'))};
      return null;
    end $$`.execute(db);
  await sql`create trigger collections_discoverable_type
    after update of type on collections
    for each row when (old.type is distinct from new.type)
    execute function memos_discoverable_of_collection()`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  if (dialect.name === 'sqlite') {
    for (const name of [
      'memos_per_collection_discoverable_insert',
      'memos_per_collection_discoverable_delete',
      'memos_per_collection_discoverable_update',
      'collections_discoverable_type',
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists memos_per_collection_discoverable on memos_per_collection`.execute(
      db,
    );
    await sql`drop trigger if exists collections_discoverable_type on collections`.execute(db);
    await sql`drop function if exists memos_discoverable_of_pair()`.execute(db);
    await sql`drop function if exists memos_discoverable_of_collection()`.execute(db);
  }
  await db.schema.dropIndex('memos_discover_idx').ifExists().execute();
  await db.schema.alterTable('memos').dropColumn('discoverable').execute();
}
