import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Who has blocked whom between a and b. */
export async function blockDirections(
  db: Db,
  a: number,
  b: number,
): Promise<{ byA: boolean; byB: boolean }> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .execute();
  return { byA: rows.some((r) => r.blocker_id === a), byB: rows.some((r) => r.blocker_id === b) };
}

export async function anyBlockBetween(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
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
