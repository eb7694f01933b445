import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { likePattern } from '../../db/text-search.js';
import { byCountStatement, compilableRaw, queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

type PeopleQuery = { search?: string; limit: number; offset: number; total: 'exact' | 'page' };

/**
 * Public profiles (has one and enabled; docs/RULES.md, Permissions: "public profile"), of available
 * accounts: never the viewer, never someone blocked either way; without a search text, also
 * without those the viewer excluded from suggestions.
 */
function publicProfiles(db: Db, d: DialectHelpers, viewer: number | null, search?: string) {
  const yes = d.bool(true);
  // literals, as the partial index states them, so SQLite's planner can match it
  const listed = sql.lit(yes);
  let base = db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where('u.is_active', '=', yes)
    .where('u.disabled_at', 'is', null)
    .where('p.user_has_public_profile', '=', listed)
    .where('p.public_profile_enabled', '=', listed);
  if (search) {
    const pattern = likePattern(search);
    base = base.where(
      sql<SqlBool>`(lower(p.name) like ${pattern} escape '!'
        or lower(coalesce(p.name_official, '')) like ${pattern} escape '!'
        or lower(coalesce(p.organization_name, '')) like ${pattern} escape '!')`,
    );
  }
  if (viewer !== null) {
    base = base.where('u.id', '<>', viewer).where(
      sql<SqlBool>`not exists (select 1 from blocks bl
        where (bl.blocker_id = ${viewer} and bl.blocked_id = u.id)
           or (bl.blocker_id = u.id and bl.blocked_id = ${viewer}))`,
    );
    if (!search) {
      base = base.where(
        sql<SqlBool>`not exists (select 1 from suggestion_excludes se
          where se.user_id = ${viewer} and se.excluded_user_id = u.id)`,
      );
    }
  }
  return base;
}

/**
 * One page of public profiles by name (`limit` rows from `offset`): it walks
 * `user_profiles_public_name_idx` in name order and stops at the page's end.
 */
export function publicProfilesPageQuery(
  db: Db,
  d: DialectHelpers,
  viewer: number | null,
  query: { search?: string; limit: number; offset: number },
) {
  return publicProfiles(db, d, viewer, query.search?.trim())
    .select('u.id')
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.user_id')
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * Public profiles by name, paged in the database. `total: 'exact'` counts every match;
 * `'page'` answers the count up to this page plus one when more follow (as the feed and
 * discover posts do), which spares a scan of all public profiles per page.
 */
export async function searchPublicProfiles(
  db: Db,
  d: DialectHelpers,
  viewer: number | null,
  query: PeopleQuery,
): Promise<{ ids: number[]; total: number }> {
  if (query.total === 'page') {
    const rows = await publicProfilesPageQuery(db, d, viewer, {
      ...query,
      limit: query.limit + 1,
    }).execute();
    const more = rows.length > query.limit;
    const ids = rows.slice(0, query.limit).map((r) => r.id);
    return { ids, total: query.offset + ids.length + (more ? 1 : 0) };
  }
  const [rows, count] = await Promise.all([
    publicProfilesPageQuery(db, d, viewer, query).execute(),
    publicProfiles(db, d, viewer, query.search?.trim())
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { ids: rows.map((r) => r.id), total: readCount(count?.n) };
}

/** No relations: what a visitor has. */
export function emptyRelations() {
  return {
    following: new Set<number>(),
    followsViewer: new Set<number>(),
    contacts: new Set<number>(),
    connections: new Map<number, { id: number; status: string; user_outbound_id: number }>(),
    favourites: new Map<number, number>(),
  };
}

/**
 * Relations of the viewer to several people, in one statement (a row per person): on
 * PostgreSQL one round trip and one pooled connection per list instead of four. A pair's
 * newest connection row is the one that counts.
 */
export async function relationsTo(db: Db, viewer: number, ids: number[]) {
  const none = emptyRelations();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return none;
  // built once per number of people and prepared (db/query-cache.ts): PostgreSQL took
  // longer to plan it than to run it
  const rows = await queryCacheOf(db).rows(
    'relations-to',
    [viewer, ...unique],
    (slots) => compilableRaw(db, relationsQuery(slots[0], slots.slice(1))),
    byCountStatement(unique.length),
  );
  for (const row of rows) {
    const id = Number(row.id);
    if (Number(row.following) === 1) none.following.add(id);
    if (Number(row.follows_viewer) === 1) none.followsViewer.add(id);
    if (Number(row.contact) === 1) none.contacts.add(id);
    if (row.favourite_id !== null) none.favourites.set(id, Number(row.favourite_id));
    if (row.connection_id !== null && row.status !== null && row.user_outbound_id !== null) {
      none.connections.set(id, {
        id: Number(row.connection_id),
        status: row.status,
        user_outbound_id: Number(row.user_outbound_id),
      });
    }
  }
  return none;
}

/** The viewer's relations to `ids`, a row each (bound values, or the query cache's slots). */
function relationsQuery(viewer: unknown, ids: readonly unknown[]) {
  const flag = (condition: ReturnType<typeof sql>) =>
    sql`case when exists (${condition}) then 1 else 0 end`;
  return sql<{
    id: number;
    following: unknown;
    follows_viewer: unknown;
    contact: unknown;
    favourite_id: number | null;
    connection_id: number | null;
    status: string | null;
    user_outbound_id: number | null;
  }>`select u.id,
      ${flag(sql`select 1 from follows f where f.follower_id = ${viewer} and f.following_id = u.id`)} as following,
      ${flag(sql`select 1 from follows f where f.follower_id = u.id and f.following_id = ${viewer}`)} as follows_viewer,
      ${flag(sql`select 1 from contacts ct where ct.user_id = ${viewer} and ct.contact_id = u.id`)} as contact,
      (select max(fv.id) from favourites fv
        where fv.user_id = ${viewer} and fv.favourite_user_id = u.id) as favourite_id,
      cn.id as connection_id, cn.status, cn.user_outbound_id
    from users u
    left join connections cn on cn.id = (select max(c2.id) from connections c2
      where (c2.user_outbound_id = ${viewer} and c2.user_inbound_id = u.id)
         or (c2.user_inbound_id = ${viewer} and c2.user_outbound_id = u.id))
    where u.id in (${sql.join([...ids])})`;
}

export function findSuggestionExclude(db: Db, userId: number, excludedUserId: number) {
  return db
    .selectFrom('suggestion_excludes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('excluded_user_id', '=', excludedUserId)
    .executeTakeFirst();
}

export async function insertSuggestionExclude(
  db: Db,
  d: DialectHelpers,
  userId: number,
  excludedUserId: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('suggestion_excludes')
    .values({ user_id: userId, excluded_user_id: excludedUserId, created_at: d.time(at) })
    .execute();
}
