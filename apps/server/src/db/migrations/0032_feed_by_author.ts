import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 26: a later feed page reads each followed or connected person's newest published
 * memos (user_id, then newest first) instead of walking every memo of the server from the
 * top again (memos_feed_idx). The page and its time are in the index, so the candidates are
 * found and merged without reading a memo row. Partial, like memos_feed_idx: scheduled memos
 * are never in the feed.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .createIndex('memos_author_feed_idx')
    .on('memos')
    .columns(['user_id', 'published_at', 'id'])
    .where(sql<boolean>`status = 'published'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('memos_author_feed_idx').ifExists().execute();
}
