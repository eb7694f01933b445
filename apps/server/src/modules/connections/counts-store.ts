import { sql, type Kysely } from 'kysely';
import type { ContactCounts } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { byCountStatement, compilableRaw, queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

const zero = (): ContactCounts => ({ connections: 0, followers: 0, delegations: 0, followings: 0 });

/**
 * Contact stats (docs/DOMAIN.md, Entities) of several people at once: connections, followers and
 * followings that are available and not blocked either way with the person, and live
 * delegations either way. One statement, whatever the number of people.
 */
export async function countsFor(
  db: Db,
  dialect: DialectHelpers,
  ids: number[],
): Promise<Map<number, ContactCounts>> {
  const unique = [...new Set(ids)].slice(0, 1000);
  const result = new Map<number, ContactCounts>(unique.map((id) => [id, zero()]));
  if (unique.length === 0) return result;
  // built once per number of people and prepared (db/query-cache.ts): discover's people
  // and every list of people ask, and PostgreSQL took longer to plan it than to run it
  const rows = await queryCacheOf(db).rows(
    'contact-counts',
    unique,
    (slots) => compilableRaw(db, countsQuery(dialect, slots)),
    byCountStatement(unique.length),
  );
  for (const row of rows) {
    const counts = result.get(Number(row.id));
    if (counts && row.kind in counts) counts[row.kind] = readCount(row.n);
  }
  return result;
}

/** The four counts of `ids` (bound values, or the query cache's slots for them). */
function countsQuery(dialect: DialectHelpers, ids: readonly unknown[]) {
  const list = sql.join([...ids]);
  // PostgreSQL: who a person does not count is read once per statement and set aside by a
  // hash lookup: the disabled accounts (few, through their partial index) and the people in
  // a block with them either way. The rows counted are then entries of one index each.
  // Checking every counted row's account and blocks took four times as long
  // (docs/PERFORMANCE.md, "Contact counts, and spreads in hot literals"). SQLite is the
  // other way round: its lookups are cheap, in process, and the sets cost it a temporary
  // table each per call, so it checks row by row.
  const setAside = dialect.name === 'postgres';
  const available = (person: string, other: string) =>
    setAside
      ? sql`${sql.ref(other)} not in (select id from disabled)
        and (${sql.ref(person)}, ${sql.ref(other)}) not in (select person, other from blocked)`
      : sql`(select 1 from users o
        where o.id = ${sql.ref(other)} and o.disabled_at is null
          and not exists (select 1 from blocks bl
            where (bl.blocker_id = ${sql.ref(person)} and bl.blocked_id = o.id)
               or (bl.blocked_id = ${sql.ref(person)} and bl.blocker_id = o.id))) is not null`;
  const sets = setAside
    ? sql`with disabled as (select id from users where disabled_at is not null),
      blocked as (
        select blocker_id as person, blocked_id as other from blocks where blocker_id in (${list})
        union all
        select blocked_id as person, blocker_id as other from blocks where blocked_id in (${list}))`
    : sql``;
  // one statement (four grouped parts): on PostgreSQL one round trip and one pooled
  // connection per list instead of four
  return sql<{ kind: keyof ContactCounts; id: number; n: unknown }>`${sets}
    select 'connections' as kind, ct.user_id as id, count(*) as n from contacts ct
      where ct.user_id in (${list}) and ${available('ct.user_id', 'ct.contact_id')}
      group by ct.user_id
    union all
    select 'followers' as kind, f.following_id as id, count(*) as n from follows f
      where f.following_id in (${list}) and ${available('f.following_id', 'f.follower_id')}
      group by f.following_id
    union all
    select 'followings' as kind, f.follower_id as id, count(*) as n from follows f
      where f.follower_id in (${list}) and ${available('f.follower_id', 'f.following_id')}
      group by f.follower_id
    union all
    select 'delegations' as kind, x.id, count(*) as n from (
        select account_user_id as id from account_delegations
          where revoked_at is null and account_user_id in (${list})
        union all
        select delegate_user_id as id from account_delegations
          where revoked_at is null and delegate_user_id in (${list})
      ) x group by x.id`;
}

export async function countsOf(
  db: Db,
  dialect: DialectHelpers,
  id: number,
): Promise<ContactCounts> {
  return (await countsFor(db, dialect, [id])).get(id) ?? zero();
}

/** Active connections of one person, counted as maximum_users counts them (every contacts row). */
export async function activeConnectionCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return readCount(row?.n);
}
