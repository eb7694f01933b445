import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/** The blocks between a and b, either way (built once, db/query-cache.ts: every comment, reaction and message asks). */
function blocksBetween(db: Db, a: number, b: number): Promise<{ blocker_id: number }[]> {
  return queryCacheOf(db).rows(
    'blocks-between',
    [a, b],
    (slots) => {
      const [x, y] = slots as [number, number];
      return db
        .selectFrom('blocks')
        .select(['blocker_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', x), eb('blocked_id', '=', y)]),
            eb.and([eb('blocker_id', '=', y), eb('blocked_id', '=', x)]),
          ]),
        );
    },
    { prepared: true },
  );
}

/** Who has blocked whom between a and b. */
export async function blockDirections(
  db: Db,
  a: number,
  b: number,
): Promise<{ byA: boolean; byB: boolean }> {
  const rows = await blocksBetween(db, a, b);
  return { byA: rows.some((r) => r.blocker_id === a), byB: rows.some((r) => r.blocker_id === b) };
}

export async function anyBlockBetween(db: Db, a: number, b: number): Promise<boolean> {
  return (await blocksBetween(db, a, b)).length > 0;
}

export async function insertBlock(
  db: Db,
  d: DialectHelpers,
  blocker: number,
  blocked: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: d.time(at) })
    .execute();
}

/** Removes the viewer's block of `blocked`: false when there was none. */
export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<boolean> {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One page of the people `blocker` blocked, newest first, and their number. */
export async function listBlocks(db: Db, blocker: number, page: { limit: number; offset: number }) {
  const base = db.selectFrom('blocks').where('blocker_id', '=', blocker);
  const [rows, count] = await Promise.all([
    base
      .select(['blocked_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('blocked_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}
