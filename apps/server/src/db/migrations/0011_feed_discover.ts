import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 6: the index the feed and discover pages walk. Both list published memos newest
 * first and stop at the page's end, so they read memos in (published_at, id) order and test
 * each entry's author against the viewer's contacts and follows (feed) or skip the
 * viewer's own and blocked people (discover). The author is in the index, so an entry whose
 * author does not qualify is passed over without reading the memo row; the visibility test
 * (one collection lookup) is made only for the entries that remain. Partial: scheduled
 * memos are never in these lists.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .createIndex('memos_feed_idx')
    .on('memos')
    .columns(['published_at', 'id', 'user_id'])
    .where(sql<boolean>`status = 'published'`)
    .execute();
  // muted_collections has its (user_id, collection_id) pair unique already; discover people
  // reads suggestion_excludes by its unique (user_id, excluded_user_id) pair as well.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('memos_feed_idx').ifExists().execute();
}
