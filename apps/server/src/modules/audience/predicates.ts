import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Viewer } from './viewer.js';

/**
 * The who-sees-what rules of DESIGN.md §6 as SQL conditions, so every list filters in
 * the database. Each takes the alias of the row it judges (e.g. `c` for collections).
 */

const never = sql<SqlBool>`(1 = 0)`;

/** a and b blocked each other in either direction */
export function blockedBetween(a: RawBuilder<unknown>, b: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blocks bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;
}

/** `contact` is an active connection of `owner` */
export function isContactOf(owner: RawBuilder<unknown>, contact: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from contacts ct where ct.user_id = ${owner} and ct.contact_id = ${contact})`;
}

export function followsUser(follower: number, following: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from follows fw where fw.follower_id = ${follower} and fw.following_id = ${following})`;
}

/** The viewer may read the collection row aliased `alias`. */
export function collectionVisible(
  alias: string,
  viewer: Viewer,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const yes = dialect.bool(true);
  const bySecret = viewer.collectionSecret
    ? sql<SqlBool>`(${col('public_link_on')} = ${yes} and ${col('secret_token')} = ${viewer.collectionSecret})`
    : never;
  const v = viewer.userId;
  if (v === null) return sql<SqlBool>`(${col('type')} = 'public' or ${bySecret})`;

  const owner = col('user_id');
  const identified = sql<SqlBool>`exists (select 1 from user_profiles ip where ip.user_id = ${v} and ip.user_identified = ${yes})`;
  const selected = sql<SqlBool>`exists (select 1 from users_per_collection sel where sel.collection_id = ${col('id')} and sel.user_id = ${v})`;
  const contactAudience = sql<SqlBool>`(
    (${col('type')} = 'all_contacts' or ${col('type')} = 'all_contacts_followers'
      or (${col('type')} = 'identified_contacts' and ${identified})
      or (${col('type')} = 'selected_contacts' and ${selected}))
    and ${isContactOf(owner, v)})`;
  const followerAudience = sql<SqlBool>`(${col('type')} = 'all_contacts_followers' and ${followsUser(v, owner)})`;
  return sql<SqlBool>`(${owner} = ${v} or (not ${blockedBetween(owner, v)} and (
    ${col('type')} = 'public' or ${contactAudience} or ${followerAudience} or ${bySecret})))`;
}

/**
 * The viewer may add memos to the collection aliased `alias`: its owner, or, when
 * collaboration is on, the audience of a contacts type (DESIGN.md §6 table).
 */
export function collectionWritable(
  alias: string,
  viewer: Viewer,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const v = viewer.userId;
  if (v === null) return never;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const collaborative = sql<SqlBool>`(${col('is_collaboration')} = ${dialect.bool(true)}
    and ${col('type')} in ('selected_contacts', 'identified_contacts', 'all_contacts'))`;
  const withoutSecret: Viewer = { userId: v };
  return sql<SqlBool>`(${col('user_id')} = ${v} or (${collaborative} and ${collectionVisible(alias, withoutSecret, dialect)}))`;
}

/**
 * The viewer may read the memo row aliased `alias`: its author always; others once it is
 * published, when its author and they have not blocked each other, and one of its
 * collections is visible to them (or they hold the memo's own secret link).
 */
export function memoVisible(
  alias: string,
  viewer: Viewer,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const author = col('user_id');
  const bySecret = viewer.memoSecret
    ? sql<SqlBool>`${col('secret_token')} = ${viewer.memoSecret}`
    : never;
  const inVisibleCollection = sql<SqlBool>`exists (select 1 from memos_per_collection vmpc
    inner join collections vc on vc.id = vmpc.collection_id
    where vmpc.memo_id = ${col('id')} and ${collectionVisible('vc', viewer, dialect)})`;
  const published = sql<SqlBool>`${col('status')} = 'published'`;
  const v = viewer.userId;
  if (v === null) return sql<SqlBool>`(${published} and (${inVisibleCollection} or ${bySecret}))`;
  return sql<SqlBool>`(${author} = ${v} or (${published} and not ${blockedBetween(author, v)}
    and (${inVisibleCollection} or ${bySecret})))`;
}
