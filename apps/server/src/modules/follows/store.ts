import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { textMatches } from '../../db/text-search.js';

type Db = Kysely<DatabaseSchema>;

export function findFollow(db: Db, follower: number, following: number) {
  return db
    .selectFrom('follows')
    .selectAll()
    .where('follower_id', '=', follower)
    .where('following_id', '=', following)
    .executeTakeFirst();
}

export async function insertFollow(
  db: Db,
  d: DialectHelpers,
  follower: number,
  following: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: follower, following_id: following, created_at: d.time(at) })
    .execute();
}

export async function deleteFollow(db: Db, follower: number, following: number): Promise<number> {
  const result = await db
    .deleteFrom('follows')
    .where('follower_id', '=', follower)
    .where('following_id', '=', following)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * People the viewer follows (`followings`) or who follow the viewer (`followers`), newest
 * first, paged: disabled accounts and blocks either way left out; with whether the
 * relation goes the other way too and whether they are contacts.
 */
export async function listFollows(
  db: Db,
  viewer: number,
  direction: 'followers' | 'followings',
  page: { limit: number; offset: number; search?: string },
) {
  const mine = direction === 'followings' ? 'f.follower_id' : 'f.following_id';
  const theirs = direction === 'followings' ? 'f.following_id' : 'f.follower_id';
  let base = db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', theirs)
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where(mine, '=', viewer)
    .where('u.disabled_at', 'is', null)
    .where(
      sql<SqlBool>`not exists (select 1 from blocks bl
        where (bl.blocker_id = ${viewer} and bl.blocked_id = u.id)
           or (bl.blocker_id = u.id and bl.blocked_id = ${viewer}))`,
    );
  const search = page.search?.trim();
  if (search) base = base.where(textMatches('p.name', search));
  const reverse =
    direction === 'followings'
      ? sql<SqlBool>`exists (select 1 from follows r where r.follower_id = u.id and r.following_id = ${viewer})`
      : sql<SqlBool>`exists (select 1 from follows r where r.follower_id = ${viewer} and r.following_id = u.id)`;
  const [rows, count] = await Promise.all([
    base
      .select(['u.id as user_id', 'f.created_at'])
      .select(reverse.as('reverse'))
      .select(
        sql<SqlBool>`exists (select 1 from contacts ct where ct.user_id = ${viewer} and ct.contact_id = u.id)`.as(
          'is_contact',
        ),
      )
      .orderBy('f.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}

/** Follows between a and b, either way, removed (a block). */
export async function deleteFollowsBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('following_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('following_id', '=', a)]),
      ]),
    )
    .execute();
}
