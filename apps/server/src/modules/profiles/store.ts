import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { likePattern } from '../../db/text-search.js';

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

/** Relations of the viewer to several people, in four queries. */
export async function relationsTo(db: Db, viewer: number, ids: number[]) {
  const none = emptyRelations();
  if (ids.length === 0) return none;
  const [follows, contacts, connections, favourites] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['follower_id', 'following_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', viewer), eb('following_id', 'in', ids)]),
          eb.and([eb('following_id', '=', viewer), eb('follower_id', 'in', ids)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('contacts')
      .select('contact_id')
      .where('user_id', '=', viewer)
      .where('contact_id', 'in', ids)
      .execute(),
    db
      .selectFrom('connections')
      .select(['id', 'status', 'user_outbound_id', 'user_inbound_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_outbound_id', '=', viewer), eb('user_inbound_id', 'in', ids)]),
          eb.and([eb('user_inbound_id', '=', viewer), eb('user_outbound_id', 'in', ids)]),
        ]),
      )
      .orderBy('id')
      .execute(),
    db
      .selectFrom('favourites')
      .select(['id', 'favourite_user_id'])
      .where('user_id', '=', viewer)
      .where('favourite_user_id', 'in', ids)
      .execute(),
  ]);
  for (const f of follows) {
    if (f.follower_id === viewer) none.following.add(f.following_id);
    else none.followsViewer.add(f.follower_id);
  }
  for (const c of contacts) none.contacts.add(c.contact_id);
  for (const c of connections) {
    const other = c.user_outbound_id === viewer ? c.user_inbound_id : c.user_outbound_id;
    if (other !== null) none.connections.set(other, c);
  }
  for (const f of favourites) {
    if (f.favourite_user_id !== null) none.favourites.set(f.favourite_user_id, f.id);
  }
  return none;
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
