import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { textMatches } from '../../db/text-search.js';
import { queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The caller's thread list and unread totals, paged in the database; the search uses the
 * engine's full-text index of message texts (FTS5 / tsvector, migration 0020).
 */

/** Prefix words of a search for the engine's full-text query; null when none. */
function ftsQuery(d: DialectHelpers, search: string): string | null {
  const words = (search.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  return d.name === 'postgres'
    ? words.map((w) => `${w.toLowerCase()}:*`).join(' & ')
    : words.map((w) => `"${w}"*`).join(' ');
}

/** The caller's threads, newest activity first; `search` matches name, member, message text. */
export function threadsOfUser(db: Db, d: DialectHelpers, userId: number, search: string | null) {
  let query = db
    .selectFrom('thread_members as me')
    .innerJoin('threads as t', 't.id', 'me.thread_id')
    .where('me.user_id', '=', userId);
  if (search) {
    const fts = ftsQuery(d, search);
    query = query.where((eb) => {
      const byMember = eb.exists(
        eb
          .selectFrom('thread_members as om')
          .innerJoin('user_profiles as p', 'p.user_id', 'om.user_id')
          .select('om.id')
          .whereRef('om.thread_id', '=', 't.id')
          .where('om.user_id', '!=', userId)
          .where(textMatches('p.name', search)),
      );
      const conditions = [textMatches('t.name', search), byMember];
      if (fts) conditions.push(messageMatches(d, fts));
      return eb.or(conditions);
    });
  }
  return query;
}

function messageMatches(d: DialectHelpers, fts: string) {
  return d.name === 'postgres'
    ? sql<SqlBool>`exists (select 1 from thread_messages tm where tm.thread_id = t.id
        and tm.status = 'sent' and tm.search_vector @@ to_tsquery('simple', ${fts}))`
    : sql<SqlBool>`exists (select 1 from thread_messages_fts f
        join thread_messages tm on tm.id = f.rowid
        where thread_messages_fts match ${fts} and tm.thread_id = t.id and tm.status = 'sent')`;
}

export async function countThreads(
  db: Db,
  d: DialectHelpers,
  userId: number,
  search: string | null,
) {
  const count = (viewer: number) =>
    threadsOfUser(db, d, viewer, search).select((eb) => eb.fn.countAll().as('n'));
  // without a search, built once (db/query-cache.ts): the list is read on every visit
  const [row] = search
    ? [await count(userId).executeTakeFirstOrThrow()]
    : await queryCacheOf(db).rows('thread-count', [userId], (slots) => count(slots[0] as number), {
        prepared: true,
      });
  return Number(row?.n ?? 0);
}

/** What a thread's answer shows of it and of its last message (present.ts). */
const LISTED = [
  't.id',
  't.thread_type',
  't.name',
  't.description',
  't.picture_attachment_id',
  't.last_seq',
  't.last_message_id',
  't.created_at',
  'lm.description as last_description',
  'lm.created_at as last_created_at',
] as const;

export type ListedThreadRow = Awaited<ReturnType<typeof threadsWithLastMessage>>[number];

/**
 * A page of the caller's threads, each with the text and time of its last message (what the
 * list shows of a thread in one statement); see threadsOfUser.
 */
export function pageOfThreads(
  db: Db,
  d: DialectHelpers,
  userId: number,
  search: string | null,
  page: { limit: number; offset: number },
): Promise<ListedThreadRow[]> {
  const pageOf = (viewer: number, limit: number, offset: number) =>
    threadsOfUser(db, d, viewer, search)
      .leftJoin('thread_messages as lm', 'lm.id', 't.last_message_id')
      .select(LISTED)
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset(offset);
  if (search) return pageOf(userId, page.limit, page.offset).execute();
  // the person's memberships sorted, whatever the page: a plan that does not depend on it
  return queryCacheOf(db).rows(
    'thread-page',
    [userId, page.limit, page.offset],
    (slots) => pageOf(slots[0] as number, slots[1] as number, slots[2] as number),
    { prepared: true },
  );
}

/** Threads by id, each with its last message, in no particular order. */
export function threadsWithLastMessage(db: Db, ids: number[]) {
  return queryCacheOf(db).rows(
    'threads-with-last-message',
    ids.length > 0 ? ids : [0],
    (slots) =>
      db
        .selectFrom('threads as t')
        .leftJoin('thread_messages as lm', 'lm.id', 't.last_message_id')
        .select(LISTED)
        .where('t.id', 'in', slots as number[]),
    { prepared: ids.length <= 1 },
  );
}

/** Unread messages of the person's unmuted threads, and how many threads have any. */
export async function unreadTotals(db: Db, d: DialectHelpers, userId: number) {
  // built once (db/query-cache.ts): every screen asks for the badge
  const [row] = await queryCacheOf(db).rows(
    'unread-totals',
    [userId],
    (slots) =>
      db
        .selectFrom('thread_members as me')
        .innerJoin('threads as t', 't.id', 'me.thread_id')
        .select([
          sql<number>`coalesce(sum(${sql.ref('t.last_seq')} - ${sql.ref('me.last_read_seq')}), 0)`.as(
            'unread',
          ),
          (eb) => eb.fn.countAll().as('threads'),
        ])
        .where('me.user_id', '=', slots[0] as number)
        .where('me.muted', '=', d.bool(false))
        .whereRef('t.last_seq', '>', 'me.last_read_seq'),
    { prepared: true },
  );
  // an aggregate without GROUP BY always answers one row
  return { unread: Number(row?.unread ?? 0), threads: Number(row?.threads ?? 0) };
}
