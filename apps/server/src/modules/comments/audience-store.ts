import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { asPrepared } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { oneOf, readCount, type DialectHelpers } from '../../db/dialect.js';
import {
  blockedBetween,
  followsUser,
  isContactOf,
  memoVisible,
  type Viewer,
} from '../audience/index.js';
import { textMatches } from '../../db/text-search.js';
import { queryCacheOf } from '../../db/query-cache.js';
import { viewerSlots } from '../memos/query-cache.js';

type Db = Kysely<DatabaseSchema>;

const never = sql<SqlBool>`(1 = 0)`;

/** Who may see a memo's comments, queried: the memo as engagement reads it, its audience. */

/**
 * The memo `id` with its author's comment and reaction settings and the viewer's standing
 * towards it (visible, blocked, contact, follower, identified), undefined when it does not exist.
 */
export async function engagementRow(db: Db, d: DialectHelpers, viewer: Viewer, id: number) {
  // built once per kind of viewer (db/query-cache.ts): every reaction and comment reads it
  const who = viewerSlots(viewer);
  const [row] = await queryCacheOf(db).rows(
    `engagement-memo|${who.key}`,
    [...who.values, id],
    (slots) => engagementQuery(db, d, who.slotted(slots), slots[who.size] as number),
    { prepared: true },
  );
  return row;
}

function engagementQuery(db: Db, d: DialectHelpers, viewer: Viewer, id: number) {
  const v = viewer.userId;
  const author = sql.ref('m.user_id');
  return db
    .selectFrom('memos as m')
    .innerJoin('user_profiles as ap', 'ap.user_id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.status',
      'ap.memo_comments_allowed',
      'ap.allow_reactions',
      'ap.require_identification_for_comments',
    ])
    .select(sql<number>`case when ${memoVisible('m', viewer, d)} then 1 else 0 end`.as('visible'))
    .select((v === null ? never : blockedBetween(author, v)).as('blocked'))
    .select((v === null ? never : isContactOf(author, v)).as('contact'))
    .select((v === null ? never : followsUser(v, author)).as('follower'))
    .select(
      (v === null
        ? never
        : sql<unknown>`(select vp.user_identified from user_profiles vp where vp.user_id = ${v})`
      ).as('identified'),
    )
    .where('m.id', '=', id);
}

/**
 * Of `candidates`, those who may read the memo and see its comments (the author, or a
 * connection or follower of the author who is in the memo's audience), are not blocked
 * with `actorId` either way and are not the actor.
 *
 * SQLite: one query per 500 candidates (bound values in a list). PostgreSQL: one query for
 * all, the candidates one array, so its text is the same for any number of them and it is
 * prepared (database.ts PREPARED_MARK): planning these audience conditions took about 4 ms
 * of the 9 each query of 500 cost, and the kept plan does not depend on who the candidates
 * are (each is looked up by key).
 */
export async function engagedAudience(
  db: Db,
  d: DialectHelpers,
  memoId: number,
  candidates: Iterable<number>,
  actorId: number,
): Promise<number[]> {
  let unique = [...new Set(candidates)].filter((id) => id !== actorId);
  if (unique.length > CIRCLE_FIRST_FROM) unique = await inAuthorsCircle(db, memoId, unique);
  if (unique.length === 0) return [];
  if (d.name === 'postgres') {
    const query = audienceQuery(db, d, memoId, oneOf(d, 'cu.id', unique), actorId);
    const { rows } = await db.executeQuery(asPrepared(query.compile()));
    return rows.map((row) => row.id);
  }
  const found: number[] = [];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    // built once per number of candidates (db/query-cache.ts): each comment and reaction asks
    const rows = await queryCacheOf(db).rows(
      'engaged-audience',
      [memoId, actorId, ...chunk],
      (slots) =>
        audienceQuery(
          db,
          d,
          slots[0] as number,
          sql<SqlBool>`cu.id in (${sql.join(slots.slice(2))})`,
          slots[1] as number,
        ),
    );
    for (const row of rows) found.push(row.id);
  }
  return found;
}

/**
 * The viewer's active connections who would see a comment on the memo, and so may be
 * mentioned in one to any effect (a mention of someone outside the comments' audience
 * notifies nobody): by name, paged; `search` matches the name anywhere, case-insensitive.
 */
export async function mentionablePeople(
  db: Db,
  d: DialectHelpers,
  memoId: number,
  viewerId: number,
  page: { search?: string; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const connected = isContactOf(sql`${viewerId}`, sql.ref('cu.id'));
  let people = audienceQuery(db, d, memoId, connected, viewerId).innerJoin(
    'user_profiles as cp',
    'cp.user_id',
    'cu.id',
  );
  const search = page.search?.trim();
  if (search) people = people.where(textMatches('cp.name', search));
  const [rows, count] = await Promise.all([
    people
      .orderBy(sql`lower(cp.name)`)
      .orderBy('cu.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    people
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { ids: rows.map((row) => row.id), total: readCount(count?.n) };
}

/**
 * From this many candidates (a write announced to everyone online), they are first narrowed to
 * the author and the author's connections and followers: only they can pass audienceQuery's
 * last conditions but one, and reading that circle by its indexes costs far less than the
 * audience rules for every person online (docs/PERFORMANCE.md, "People per machine").
 */
const CIRCLE_FIRST_FROM = 32;

/**
 * Of `candidates`, the memo's author and the people who are the author's connections or
 * follow the author. The circle is read up to one more than the candidates: an author with a
 * larger circle than that keeps the candidates as they are (the narrowing would cost more).
 */
async function inAuthorsCircle(db: Db, memoId: number, candidates: number[]): Promise<number[]> {
  const rows = await queryCacheOf(db).rows(
    'audience-circle',
    [memoId, memoId, memoId, candidates.length + 1],
    (slots) =>
      db
        .selectFrom('memos as m')
        .select('m.user_id as id')
        .where('m.id', '=', slots[0] as number)
        .unionAll(
          db
            .selectFrom('contacts as ct')
            .innerJoin('memos as m', (join) => join.on('m.id', '=', slots[1] as number))
            .select('ct.contact_id as id')
            .whereRef('ct.user_id', '=', 'm.user_id'),
        )
        .unionAll(
          db
            .selectFrom('follows as fw')
            .innerJoin('memos as m', (join) => join.on('m.id', '=', slots[2] as number))
            .select('fw.follower_id as id')
            .whereRef('fw.following_id', '=', 'm.user_id'),
        )
        .limit(slots[3] as number),
    { prepared: true },
  );
  if (rows.length > candidates.length) return candidates;
  const circle = new Set(rows.map((row) => row.id));
  return candidates.filter((id) => circle.has(id));
}

/** The candidates (`among`, a condition on cu.id) who may see the memo's comments. */
function audienceQuery(
  db: Db,
  d: DialectHelpers,
  memoId: number,
  among: RawBuilder<SqlBool>,
  actorId: number,
) {
  // The audience rules are written for one viewer; here the viewer is the candidate row.
  const who = sql.ref('cu.id') as unknown as number;
  const author = sql.ref('m.user_id');
  return db
    .selectFrom('users as cu')
    .innerJoin('memos as m', (join) => join.on('m.id', '=', memoId))
    .select('cu.id')
    .where(among)
    .where('cu.disabled_at', 'is', null)
    .where(memoVisible('m', { userId: who }, d))
    .where(
      sql<SqlBool>`(${author} = cu.id or ${isContactOf(author, who)} or ${followsUser(who, author)})`,
    )
    .where(sql<SqlBool>`not ${blockedBetween(sql.ref('cu.id'), actorId)}`);
}
