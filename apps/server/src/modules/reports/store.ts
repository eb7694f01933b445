import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { collectionVisible, memoVisible, type Viewer } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;

/** A memo the reporter may see, by id. */
export function findVisibleMemo(db: Db, d: DialectHelpers, viewer: Viewer, id: number) {
  return db
    .selectFrom('memos as m')
    .select(['m.id', 'm.title', 'm.user_id'])
    .where('m.id', '=', id)
    .where(memoVisible('m', viewer, d))
    .executeTakeFirst();
}

/** A collection the reporter may see, by id. */
export function findVisibleCollection(db: Db, d: DialectHelpers, viewer: Viewer, id: string) {
  return db
    .selectFrom('collections as c')
    .select(['c.id', 'c.name', 'c.user_id'])
    .where('c.id', '=', id)
    .where(collectionVisible('c', viewer, d))
    .executeTakeFirst();
}

/** The reporter's open report of this type about this memo, collection or person, if any. */
export async function hasOpenReport(
  db: Db,
  reporter: number,
  type: string,
  target: { memoId: number | null; collectionId: string | null; userId: number | null },
): Promise<boolean> {
  const open = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporter)
    .where('type', '=', type)
    .where('status', '=', 'open')
    .where((eb) =>
      target.memoId !== null
        ? eb('memo_id', '=', target.memoId)
        : target.collectionId !== null
          ? eb('collection_id', '=', target.collectionId)
          : eb('reported_user_id', '=', target.userId),
    )
    .executeTakeFirst();
  return open !== undefined;
}

export interface NewReport {
  reporterId: number;
  type: string;
  title: string;
  description: string;
  reason: string | null;
  link: string | null;
  memoId: number | null;
  collectionId: string | null;
  reportedUserId: number | null;
  at: Date;
}

export async function insertReport(db: Db, d: DialectHelpers, report: NewReport): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      type: report.type,
      title: report.title,
      description: report.description,
      reason: report.reason,
      link: report.link,
      memo_id: report.memoId,
      collection_id: report.collectionId,
      reported_user_id: report.reportedUserId,
      created_at: d.time(report.at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
