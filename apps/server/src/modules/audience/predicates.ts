import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Viewer } from './viewer.js';

/**
 * The who-sees-what rules of docs/RULES.md, Audiences as SQL conditions, so every list filters in
 * the database. Each takes the alias of the row it judges (e.g. `c` for collections).
 */

const never = sql<SqlBool>`(1 = 0)`;

/** A user id, or a column holding one (to judge many users in one query). */
export type UserRef = number | RawBuilder<unknown>;

/** a and b blocked each other in either direction */
export function blockedBetween(a: RawBuilder<unknown>, b: UserRef): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blocks bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;
}

/** `contact` is an active connection of `owner` */
export function isContactOf(owner: RawBuilder<unknown>, contact: UserRef): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from contacts ct where ct.user_id = ${owner} and ct.contact_id = ${contact})`;
}

export function followsUser(
  follower: UserRef,
  following: RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from follows fw where fw.follower_id = ${follower} and fw.following_id = ${following})`;
}

/** The viewer may read the collection row aliased `alias`. */
export function collectionVisible(
  alias: string,
  viewer: Viewer,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  return collectionVisibleTo(alias, viewer.userId, viewer.collectionSecret, dialect);
}

function collectionVisibleTo(
  alias: string,
  v: UserRef | null,
  secret: string | null | undefined,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const yes = dialect.bool(true);
  const bySecret = secret
    ? sql<SqlBool>`(${col('public_link_on')} = ${yes} and ${col('secret_token')} = ${secret})`
    : never;
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
 * collaboration is on, the audience of a contacts type (docs/RULES.md, Audiences).
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
  return memoVisibleTo(alias, viewer.userId, viewer, dialect);
}

/**
 * memoVisible for the signed-in user whose id is in `user` (e.g. `sql.ref('u.id')`), without
 * secrets: one query finds which of many users may read a memo (live updates).
 */
export function memoVisibleToUser(
  alias: string,
  user: RawBuilder<unknown>,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  return memoVisibleTo(alias, user, {}, dialect);
}

function memoVisibleTo(
  alias: string,
  v: UserRef | null,
  secrets: Pick<Viewer, 'collectionSecret' | 'memoSecret'>,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const author = col('user_id');
  const bySecret = secrets.memoSecret
    ? sql<SqlBool>`${col('secret_token')} = ${secrets.memoSecret}`
    : never;
  const inVisibleCollection = sql<SqlBool>`exists (select 1 from memos_per_collection vmpc
    inner join collections vc on vc.id = vmpc.collection_id
    where vmpc.memo_id = ${col('id')} and ${collectionVisibleTo('vc', v, secrets.collectionSecret, dialect)})`;
  const published = sql<SqlBool>`${col('status')} = 'published'`;
  if (v === null) return sql<SqlBool>`(${published} and (${inVisibleCollection} or ${bySecret}))`;
  return sql<SqlBool>`(${author} = ${v} or (${published} and not ${blockedBetween(author, v)}
    and (${inVisibleCollection} or ${bySecret})))`;
}
