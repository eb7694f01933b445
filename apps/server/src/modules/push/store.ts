import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import { readTime } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/** Every subscription is on this topic from the start (docs/API.md, Calls). */
export const NEWS_TOPIC = 'news';
/** Browsers kept per person; subscribing one more forgets the one least recently renewed. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export interface SubscriptionInput {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export interface StoredSubscription {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores the browser's subscription for the user (one row per user and endpoint: the same
 * browser subscribing again refreshes its keys) and puts it on the news topic. Run it in a
 * transaction: the row and its topic are written together.
 */
export async function saveSubscription(
  db: Db,
  dialect: DialectHelpers,
  input: SubscriptionInput,
): Promise<{ id: number; created: boolean }> {
  const now = dialect.time(new Date());
  const existing = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('endpoint', '=', input.endpoint)
    .executeTakeFirst();
  let id: number;
  if (existing) {
    id = existing.id;
    await db
      .updateTable('push_subscriptions')
      .set({
        p256dh: input.p256dh,
        auth: input.auth,
        user_agent: input.userAgent,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  } else {
    const row = await db
      .insertInto('push_subscriptions')
      .values({
        user_id: input.userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        user_agent: input.userAgent,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ updated_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    await db
      .insertInto('push_subscription_topics')
      .values({ subscription_id: id, topic: NEWS_TOPIC })
      .onConflict((oc) => oc.columns(['subscription_id', 'topic']).doNothing())
      .execute();
    const beyond = await db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', input.userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1000)
      .offset(MAX_SUBSCRIPTIONS_PER_USER)
      .execute();
    await deleteSubscriptions(
      db,
      beyond.map((r) => r.id),
    );
  }
  return { id, created: !existing };
}

export async function topicsOf(db: Db, subscriptionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('push_subscription_topics')
    .select('topic')
    .where('subscription_id', '=', subscriptionId)
    .orderBy('topic')
    .execute();
  return rows.map((r) => r.topic);
}

/** Removes the user's subscription named by its id or its endpoint; answers how many went. */
export async function deleteOwnSubscription(
  db: Db,
  userId: number,
  by: { id: number } | { endpoint: string },
): Promise<number> {
  const ids = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => ('id' in by ? eb('id', '=', by.id) : eb('endpoint', '=', by.endpoint)))
    .execute();
  return deleteSubscriptions(
    db,
    ids.map((r) => r.id),
  );
}

export async function deleteSubscriptions(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  // Topics first: not every connection enforces the cascade the same way.
  await db.deleteFrom('push_subscription_topics').where('subscription_id', 'in', ids).execute();
  const result = await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
  return result.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}

const SUBSCRIPTION_COLUMNS = ['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth'] as const;

/** A page of the subscriptions of these users, by id after `afterId`. */
export function subscriptionsOfUsers(
  db: Db,
  userIds: number[],
  afterId: number,
  limit: number,
): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions as s')
    .select(SUBSCRIPTION_COLUMNS)
    .where('s.user_id', 'in', userIds)
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** Those of these users who have at least one push subscription. */
export async function usersWithSubscriptions(db: Db, userIds: number[]): Promise<number[]> {
  const found: number[] = [];
  // built once per count (db/query-cache.ts): every notifying write asks; chunks keep the IN
  // list under SQLite's bound-parameter limit
  for (let start = 0; start < userIds.length; start += 900) {
    const chunk = userIds.slice(start, start + 900);
    const rows = await queryCacheOf(db).rows(
      'users-with-subscriptions',
      chunk,
      (slots) =>
        db
          .selectFrom('push_subscriptions')
          .select('user_id')
          .distinct()
          .where('user_id', 'in', slots as number[]),
      byCountStatement(chunk.length),
    );
    for (const row of rows) found.push(row.user_id);
  }
  return found;
}

/** A page of the subscriptions on a topic, by id after `afterId`. */
export function subscriptionsOnTopic(
  db: Db,
  topic: string,
  afterId: number,
  limit: number,
): Promise<StoredSubscription[]> {
  return db
    .selectFrom('push_subscription_topics as t')
    .innerJoin('push_subscriptions as s', 's.id', 't.subscription_id')
    .select(SUBSCRIPTION_COLUMNS)
    .where('t.topic', '=', topic)
    .where('t.subscription_id', '>', afterId)
    .orderBy('t.subscription_id')
    .limit(limit)
    .execute();
}

export function subscriptionById(db: Db, id: number): Promise<StoredSubscription | undefined> {
  return db
    .selectFrom('push_subscriptions as s')
    .select(SUBSCRIPTION_COLUMNS)
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function markSent(db: Db, dialect: DialectHelpers, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: dialect.time(new Date()) })
    .where('id', 'in', ids)
    .execute();
}

/** What the push-notification route needs to know about a memo. */
export interface MemoForPush {
  id: number;
  user_id: number;
  title: string;
  status: string;
  authorName: string | null;
  /** owners of the collections the memo is in */
  collectionOwners: number[];
}

export async function memoForPush(db: Db, memoId: number): Promise<MemoForPush | undefined> {
  const memo = await db
    .selectFrom('memos as m')
    .leftJoin('user_profiles as p', 'p.user_id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.title', 'm.status', 'p.name'])
    .where('m.id', '=', memoId)
    .executeTakeFirst();
  if (!memo) return undefined;
  const owners = await db
    .selectFrom('memos_per_collection as mpc')
    .innerJoin('collections as c', 'c.id', 'mpc.collection_id')
    .select('c.user_id')
    .distinct()
    .where('mpc.memo_id', '=', memoId)
    .execute();
  return {
    id: memo.id,
    user_id: memo.user_id,
    title: memo.title,
    status: memo.status,
    authorName: memo.name,
    collectionOwners: owners.map((o) => o.user_id),
  };
}

/**
 * The people a push about a published memo goes to: everyone who may see it through one
 * of its collections (docs/RULES.md, Audiences, the rules of audience memoVisible read the other
 * way round) among the owners of those collections and their connections and followers,
 * without the author and without anyone blocked by or blocking the author or the owner.
 * A public collection is open to all, but a push goes to the people around its owner only.
 */
export async function memoAudience(
  db: Db,
  dialect: DialectHelpers,
  memoId: number,
  authorId: number,
): Promise<number[]> {
  const yes = dialect.bool(true);
  // Each branch starts from the memo's collections (memos_per_collection_pair) and walks
  // the owner's contacts (contacts_pk) or followers (follows_following_idx).
  const { rows } = await sql<{ user_id: number }>`
    select aud.user_id as user_id from (
      select ct.contact_id as user_id, vc.user_id as owner_id
        from memos_per_collection mpc
        inner join collections vc on vc.id = mpc.collection_id
        inner join contacts ct on ct.user_id = vc.user_id
       where mpc.memo_id = ${memoId}
         and (vc.type in ('public', 'all_contacts', 'all_contacts_followers')
           or (vc.type = 'identified_contacts' and exists (
                 select 1 from user_profiles ip
                  where ip.user_id = ct.contact_id and ip.user_identified = ${yes}))
           or (vc.type = 'selected_contacts' and exists (
                 select 1 from users_per_collection sel
                  where sel.collection_id = vc.id and sel.user_id = ct.contact_id)))
      union
      select fw.follower_id as user_id, vc.user_id as owner_id
        from memos_per_collection mpc
        inner join collections vc on vc.id = mpc.collection_id
        inner join follows fw on fw.following_id = vc.user_id
       where mpc.memo_id = ${memoId}
         and vc.type in ('public', 'all_contacts_followers')
      union
      select vc.user_id as user_id, vc.user_id as owner_id
        from memos_per_collection mpc
        inner join collections vc on vc.id = mpc.collection_id
       where mpc.memo_id = ${memoId}
    ) aud
     where aud.user_id <> ${authorId}
       and not exists (select 1 from blocks ab
             where (ab.blocker_id = ${authorId} and ab.blocked_id = aud.user_id)
                or (ab.blocker_id = aud.user_id and ab.blocked_id = ${authorId}))
       and not exists (select 1 from blocks ob
             where (ob.blocker_id = aud.owner_id and ob.blocked_id = aud.user_id)
                or (ob.blocker_id = aud.user_id and ob.blocked_id = aud.owner_id))
     group by aud.user_id
     order by aud.user_id`.execute(db);
  return rows.map((r) => Number(r.user_id));
}

/**
 * Takes the memo's push slot: succeeds when no push about it was sent since `since`.
 * Answers null on success, else when the last one was sent.
 */
export async function claimMemoSend(
  db: Db,
  dialect: DialectHelpers,
  memoId: number,
  userId: number,
  now: Date,
  since: Date,
): Promise<Date | null> {
  const updated = await db
    .updateTable('push_memo_sends')
    .set({ sent_at: dialect.time(now), user_id: userId })
    .where('memo_id', '=', memoId)
    .where('sent_at', '<=', dialect.time(since))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return null;
  const inserted = await db
    .insertInto('push_memo_sends')
    .values({ memo_id: memoId, user_id: userId, sent_at: dialect.time(now) })
    .onConflict((oc) => oc.column('memo_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return null;
  const row = await db
    .selectFrom('push_memo_sends')
    .select('sent_at')
    .where('memo_id', '=', memoId)
    .executeTakeFirst();
  return readTime(row?.sent_at) ?? now;
}
