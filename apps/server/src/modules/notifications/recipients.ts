import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { blockedBetween, memoVisibleToUser } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Who is told about what (DESIGN.md §6): never the actor, never across a block, only people
 * who may see the subject. Each function answers user ids in one query.
 */

const COLLABORATION_TYPES = sql`('selected_contacts', 'identified_contacts', 'all_contacts')`;

/** `user` may add memos to the collaboration collection aliased `c` (its audience). */
function collaboratorOf(
  c: string,
  user: RawBuilder<unknown>,
  dialect: DialectHelpers,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${c}.${name}`);
  const yes = dialect.bool(true);
  return sql<SqlBool>`(${col('is_collaboration')} = ${yes} and ${col('type')} in ${COLLABORATION_TYPES}
    and exists (select 1 from contacts cct where cct.user_id = ${col('user_id')} and cct.contact_id = ${user})
    and not ${blockedBetween(col('user_id'), user)}
    and (${col('type')} = 'all_contacts'
      or (${col('type')} = 'identified_contacts' and exists (select 1 from user_profiles ip
        where ip.user_id = ${user} and ip.user_identified = ${yes}))
      or (${col('type')} = 'selected_contacts' and exists (select 1 from users_per_collection sel
        where sel.collection_id = ${col('id')} and sel.user_id = ${user}))))`;
}

async function idsOf(db: Db, query: RawBuilder<{ id: number }>): Promise<number[]> {
  const { rows } = await query.execute(db);
  return rows.map((r) => Number(r.id));
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
  const cand = sql.ref('cand.id');
  return idsOf(
    db,
    sql<{ id: number }>`select distinct cand.id as id from (
      select c.user_id as id from memos_per_collection mpc
        inner join collections c on c.id = mpc.collection_id
        where mpc.memo_id = ${memoId} and c.is_collaboration = ${yes}
      union
      select ct.contact_id as id from memos_per_collection mpc
        inner join collections c on c.id = mpc.collection_id
        inner join contacts ct on ct.user_id = c.user_id
        where mpc.memo_id = ${memoId} and c.is_collaboration = ${yes}
          and c.type in ${COLLABORATION_TYPES}
    ) cand
    inner join memos m on m.id = ${memoId}
    where cand.id <> ${authorId}
      and ${memoVisibleToUser('m', cand, dialect)}
      and exists (select 1 from memos_per_collection cmpc
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
  const yes = dialect.bool(true);
  const cand = sql.ref('cand.id');
  return idsOf(
    db,
    sql<{ id: number }>`select distinct cand.id as id from (
      select fw.follower_id as id from follows fw where fw.following_id = ${authorId}
      union
      select cn.user_outbound_id as id from connections cn
        where cn.user_inbound_id = ${authorId} and cn.status = 'active'
          and cn.watching_by_outbound = ${yes}
      union
      select cn.user_inbound_id as id from connections cn
        where cn.user_outbound_id = ${authorId} and cn.status = 'active'
          and cn.watching_by_inbound = ${yes} and cn.user_inbound_id is not null
      union
      select w.user_id as id from collection_watchers w
        inner join memos_per_collection wmpc on wmpc.collection_id = w.collection_id
        where wmpc.memo_id = ${memoId} and w.kind = 'content'
    ) cand
    inner join memos m on m.id = ${memoId}
    where cand.id <> ${authorId} and ${memoVisibleToUser('m', cand, dialect)}`,
  );
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
  const yes = dialect.bool(true);
  const audience = collaboratorsOnly
    ? collaboratorOf('c', u, dialect)
    : sql<SqlBool>`(not ${blockedBetween(sql.ref('c.user_id'), u)}
        and exists (select 1 from contacts cct where cct.user_id = c.user_id and cct.contact_id = ${u})
        and (c.type in ('all_contacts', 'all_contacts_followers')
          or (c.type = 'identified_contacts' and exists (select 1 from user_profiles ip
            where ip.user_id = ${u} and ip.user_identified = ${yes}))
          or (c.type = 'selected_contacts' and exists (select 1 from users_per_collection sel
            where sel.collection_id = c.id and sel.user_id = ${u}))))`;
  return idsOf(
    db,
    sql<{ id: number }>`select u.id as id from users u
      inner join collections c on c.id = ${collectionId}
      where u.id in (${sql.join([...new Set(userIds)])}) and u.id <> c.user_id and ${audience}`,
  );
}
