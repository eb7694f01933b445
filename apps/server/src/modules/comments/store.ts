import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { pageStatement, queryCacheOf } from '../../db/query-cache.js';
import { blockedBetween } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;

export interface CommentRow {
  id: number;
  memo_id: number;
  user_id: number;
  parent_id: number | null;
  description: string;
  mentions: unknown;
  created_at: unknown;
  updated_at: unknown;
  replies_count: unknown;
}

/** Comments by people the viewer blocked, or who blocked them, are left out. */
const notBlockedWith = (viewer: number) =>
  sql<SqlBool>`not ${blockedBetween(sql.ref('c.user_id'), viewer)}`;

function commentColumns(db: Db, viewer: number) {
  return db
    .selectFrom('memo_comments as c')
    .select([
      'c.id',
      'c.memo_id',
      'c.user_id',
      'c.parent_id',
      'c.description',
      'c.mentions',
      'c.created_at',
      'c.updated_at',
    ])
    .select(
      sql<number>`(select count(*) from memo_comments rc where rc.parent_id = c.id
        and not ${blockedBetween(sql.ref('rc.user_id'), viewer)})`.as('replies_count'),
    );
}

/** A page of comments (top-level of a memo, or replies to one), oldest first, and the total. */
export async function listComments(
  db: Db,
  viewer: number,
  where: { memoId: number; parentId: null } | { parentId: number },
  page: { limit: number; offset: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  // built once per kind of list (db/query-cache.ts): a memo's comments are read on every visit
  const ofMemo = 'memoId' in where;
  const cache = queryCacheOf(db);
  const subject = ofMemo ? where.memoId : where.parentId;
  const filtered = <Q extends ReturnType<typeof commentColumns>>(q: Q, id: number) =>
    ofMemo
      ? q.where('c.memo_id', '=', id).where('c.parent_id', 'is', null)
      : q.where('c.parent_id', '=', id);
  const [rows, total] = await Promise.all([
    // the page in the text, so PostgreSQL's kept plan knows it (db/database.ts PREPARED_MARK)
    cache.rows(
      `comments-page|${ofMemo ? 'memo' : 'replies'}|${page.limit}|${page.offset}`,
      [viewer, subject],
      (slots) =>
        filtered(commentColumns(db, slots[0] as number), slots[1] as number)
          .where(notBlockedWith(slots[0] as number))
          .orderBy('c.id')
          .limit(sql.lit(page.limit))
          .offset(sql.lit(page.offset)),
      pageStatement(page.offset),
    ),
    cache.rows(
      `comments-count|${ofMemo ? 'memo' : 'replies'}`,
      [viewer, subject],
      (slots) => {
        const count = db
          .selectFrom('memo_comments as c')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(notBlockedWith(slots[0] as number));
        return ofMemo
          ? count.where('c.memo_id', '=', slots[1] as number).where('c.parent_id', 'is', null)
          : count.where('c.parent_id', '=', slots[1] as number);
      },
      { prepared: true },
    ),
  ]);
  return { rows: rows as CommentRow[], total: readCount(total[0]?.n) };
}

export async function findComment(
  db: Db,
  viewer: number,
  id: number,
): Promise<(CommentRow & { blocked: unknown }) | undefined> {
  // built once and prepared (db/query-cache.ts): every comment written is answered with it
  const [row] = await queryCacheOf(db).rows(
    'comment-by-id',
    [viewer, id],
    (slots) =>
      commentColumns(db, slots[0] as number)
        .select(blockedBetween(sql.ref('c.user_id'), slots[0] as number).as('blocked'))
        .where('c.id', '=', slots[1] as number),
    { prepared: true },
  );
  return row as (CommentRow & { blocked: unknown }) | undefined;
}

export async function insertComment(
  db: Db,
  d: DialectHelpers,
  values: {
    memoId: number;
    userId: number;
    parentId: number | null;
    description: string;
    mentions: number[];
  },
): Promise<number> {
  const now = d.time(new Date());
  const row = await db
    .insertInto('memo_comments')
    .values({
      memo_id: values.memoId,
      user_id: values.userId,
      parent_id: values.parentId,
      description: values.description,
      mentions: d.json(values.mentions),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('memos')
    .set({ comments_number: sql`comments_number + 1` })
    .where('id', '=', values.memoId)
    .execute();
  return row.id;
}

export async function updateComment(
  db: Db,
  d: DialectHelpers,
  id: number,
  description: string,
  mentions: number[],
): Promise<void> {
  await db
    .updateTable('memo_comments')
    .set({ description, mentions: d.json(mentions), updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a comment and its replies; the memo's count goes down by as many. */
export async function deleteComment(db: Db, memoId: number, id: number): Promise<void> {
  const replies = await db
    .deleteFrom('memo_comments')
    .where('parent_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('memo_comments').where('id', '=', id).execute();
  const removed = 1 + Number(replies.numDeletedRows);
  await db
    .updateTable('memos')
    .set({
      comments_number: sql`case when comments_number > ${removed} then comments_number - ${removed} else 0 end`,
    })
    .where('id', '=', memoId)
    .execute();
}

/** People who watch the memo's comments, or the comments of a collection it is in. */
export async function commentWatchers(db: Db, memoId: number): Promise<number[]> {
  // built once and prepared (db/query-cache.ts): every comment asks
  const rows = await queryCacheOf(db).rows(
    'comment-watchers',
    [memoId],
    (slots) =>
      db
        .selectFrom('memo_watchers as w')
        .select('w.user_id')
        .where('w.memo_id', '=', slots[0] as number)
        .union(
          db
            .selectFrom('collection_watchers as cw')
            .innerJoin('memos_per_collection as mpc', 'mpc.collection_id', 'cw.collection_id')
            .select('cw.user_id')
            .where('mpc.memo_id', '=', slots[0] as number)
            .where('cw.kind', '=', 'comment'),
        ),
    { prepared: true },
  );
  return rows.map((row) => row.user_id);
}

/** Everyone who commented on the memo before. */
export async function earlierCommenters(db: Db, memoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memo_comments')
    .select('user_id')
    .distinct()
    .where('memo_id', '=', memoId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The memo a comment is on, with its author. */
export function findMemoAuthor(db: Db, memoId: number) {
  return db
    .selectFrom('memos')
    .select(['id', 'user_id'])
    .where('id', '=', memoId)
    .executeTakeFirst();
}
