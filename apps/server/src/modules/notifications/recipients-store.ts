import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { asPrepared } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { blockedBetween, memoVisibleToUser } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;
type IdRow = { id: number };

/**
 * Who is told about what (docs/RULES.md, Audiences): never the actor, never across a block, only
 * people who may see the subject. Each function answers user ids in one query.
 */

const COLLABORATION_TYPES = sql`('selected_contacts', 'identified_contacts', 'all_contacts')`;

/**
 * `user` is a contact of the owner of the collection aliased `c`, not blocked with them,
 * and in its audience: any contact for the types in `everyContact`, the identified ones for
 * identified_contacts, the chosen ones for selected_contacts.
 */
function inContactAudience(
  c: string,
  user: RawBuilder<unknown>,
  dialect: DialectHelpers,
  everyContact: readonly string[],
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${c}.${name}`);
  const yes = dialect.bool(true);
  return sql<SqlBool>`(not ${blockedBetween(col('user_id'), user)}
    and exists (select 1 from contacts cct where cct.user_id = ${col('user_id')} and cct.contact_id = ${user})
    and (${col('type')} in (${sql.join(everyContact.map((type) => sql.lit(type)))})
      or (${col('type')} = 'identified_contacts' and exists (select 1 from user_profiles ip
        where ip.user_id = ${user} and ip.user_identified = ${yes}))
      or (${col('type')} = 'selected_contacts' and exists (select 1 from users_per_collection sel
        where sel.collection_id = ${col('id')} and sel.user_id = ${user}))))`;
}

/** `user` may add memos to the collaboration collection aliased `c` (its audience). */
function collaboratorOf(
  c: string,
  user: RawBuilder<unknown>,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${c}.${name}`);
  return sql<SqlBool>`(${col('is_collaboration')} = ${dialect.bool(true)}
    and ${col('type')} in ${COLLABORATION_TYPES}
    and ${inContactAudience(c, user, dialect, ['all_contacts'])})`;
}

/**
 * `prepared`: the query's text is the same for every call and its best plan does not depend
 * on the values, so PostgreSQL may plan it once per connection (db/database.ts PREPARED_MARK).
 */
async function idsOf(
  db: Db,
  query: RawBuilder<IdRow>,
  options: { prepared?: boolean } = {},
): Promise<number[]> {
  if (!options.prepared) {
    const { rows } = await query.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const { rows } = await db.executeQuery(asPrepared(query.compile(db)));
  return rows.map((r) => Number(r.id));
}

/**
 * Of the candidates (the union of `select … as id` queries), those who may read the memo,
 * other than its author and, when given, meeting `also` (about `cand.id`).
 */
function memoReadersAmong(
  db: Db,
  dialect: DialectHelpers,
  memo: { id: number; authorId: number },
  candidates: readonly RawBuilder<unknown>[],
  also: (cand: RawBuilder<unknown>) => RawBuilder<SqlBool> = () => sql<SqlBool>`(1 = 1)`,
): Promise<number[]> {
  const cand = sql.ref('cand.id');
  return idsOf(
    db,
    sql<IdRow>`select distinct cand.id as id from (${sql.join(candidates, sql` union `)}) cand
    inner join memos m on m.id = ${memo.id}
    where cand.id <> ${memo.authorId} and ${memoVisibleToUser('m', cand, dialect)} and ${also(cand)}`,
    { prepared: true },
  );
}

/**
 * new_memo_collaboration: the owners and collaborators of the collaboration collections the
 * memo is in, who may read the memo, but not its author.
 */
export function collaborationRecipients(
  db: Db,
  dialect: DialectHelpers,
  memoId: number,
  authorId: number,
): Promise<number[]> {
  const yes = dialect.bool(true);
  return memoReadersAmong(
    db,
    dialect,
    { id: memoId, authorId },
    [
      sql`select c.user_id as id from memos_per_collection mpc
        inner join collections c on c.id = mpc.collection_id
        where mpc.memo_id = ${memoId} and c.is_collaboration = ${yes}`,
      sql`select ct.contact_id as id from memos_per_collection mpc
        inner join collections c on c.id = mpc.collection_id
        inner join contacts ct on ct.user_id = c.user_id
        where mpc.memo_id = ${memoId} and c.is_collaboration = ${yes}
          and c.type in ${COLLABORATION_TYPES}`,
    ],
    (cand) => sql<SqlBool>`exists (select 1 from memos_per_collection cmpc
        inner join collections cc on cc.id = cmpc.collection_id
        where cmpc.memo_id = ${memoId}
          and (cc.user_id = ${cand} or ${collaboratorOf('cc', cand, dialect)}))`,
  );
}

/**
 * new_memo_for_follower: the author's followers, connections who watch the author's content,
 * and those who watch the content of one of the memo's collections, who may read the memo.
 */
export function followerRecipients(
  db: Db,
  dialect: DialectHelpers,
  memoId: number,
  authorId: number,
): Promise<number[]> {
  // written into the text, not bound: bound, PostgreSQL priced the kept plan as for either
  // value and planned the statement again on every new memo (docs/PERFORMANCE.md, "Planning
  // again")
  const yes = sql.lit(dialect.bool(true));
  return memoReadersAmong(db, dialect, { id: memoId, authorId }, [
    sql`select fw.follower_id as id from follows fw where fw.following_id = ${authorId}`,
    sql`select cn.user_outbound_id as id from connections cn
        where cn.user_inbound_id = ${authorId} and cn.status = 'active'
          and cn.watching_by_outbound = ${yes}`,
    sql`select cn.user_inbound_id as id from connections cn
        where cn.user_outbound_id = ${authorId} and cn.status = 'active'
          and cn.watching_by_inbound = ${yes} and cn.user_inbound_id is not null`,
    sql`select w.user_id as id from collection_watchers w
        inner join memos_per_collection wmpc on wmpc.collection_id = w.collection_id
        where wmpc.memo_id = ${memoId} and w.kind = 'content'`,
  ]);
}

/**
 * Of `userIds`, those who may read the collection (and are not blocked with its owner), for
 * new_collection / new_collaboration.
 */
export async function collectionAudience(
  db: Db,
  dialect: DialectHelpers,
  collectionId: string,
  userIds: readonly number[],
  collaboratorsOnly: boolean,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const u = sql.ref('u.id');
  const audience = collaboratorsOnly
    ? collaboratorOf('c', u, dialect)
    : inContactAudience('c', u, dialect, ['all_contacts', 'all_contacts_followers']);
  return idsOf(
    db,
    sql<IdRow>`select u.id as id from users u
      inner join collections c on c.id = ${collectionId}
      where u.id in (${sql.join([...new Set(userIds)])}) and u.id <> c.user_id and ${audience}`,
  );
}
