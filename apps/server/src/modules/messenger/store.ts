import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool, type DialectHelpers } from '../../db/dialect.js';
import { PREPARED_MARK } from '../../db/database.js';
import { queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/** Threads and their members (docs/notes/messenger.md); messages are in message-store.ts. */

export type ThreadRow = Awaited<ReturnType<typeof findThread>> & object;
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

function threadQuery(db: Db, id: number) {
  return db.selectFrom('threads').selectAll().where('id', '=', id);
}

// The reads every thread request makes are built once (db/query-cache.ts; docs/PERFORMANCE.md,
// "Messenger", the reads).
export async function findThread(db: Db, id: number) {
  const [row] = await queryCacheOf(db).rows(
    'thread',
    [id],
    (slots) => threadQuery(db, slots[0] as number),
    { prepared: true },
  );
  return row;
}

export function findDirectThread(db: Db, key: string) {
  return db.selectFrom('threads').select('id').where('direct_key', '=', key).executeTakeFirst();
}

/**
 * What starting a direct conversation between `a` and `b` needs to know, in one statement
 * (docs/PERFORMANCE.md, People per machine: the direct conversation's creation): whether
 * either has blocked the other, whether `a` has `b` among their contacts, the direct thread
 * of the pair if there is one, and how many of the two are still its members.
 */
export async function directThreadChecks(db: Db, a: number, b: number, key: string) {
  // built once and prepared (db/query-cache.ts): every new conversation asks
  const [row] = await queryCacheOf(db).rows(
    'direct-thread-checks',
    [a, b, key],
    (slots) =>
      directThreadChecksQuery(db, slots[0] as number, slots[1] as number, slots[2] as string),
    { prepared: true },
  );
  if (!row) throw new Error('direct thread checks: no row');
  return {
    blocked: readBool(row.blocked),
    contact: readBool(row.contact),
    threadId: row.thread_id ?? undefined,
    members: Number(row.members ?? 0),
  };
}

function directThreadChecksQuery(db: Db, a: number, b: number, key: string) {
  return db.selectNoFrom((eb) => [
    eb
      .exists(
        eb
          .selectFrom('blocks')
          .select('blocker_id')
          .where((w) =>
            w.or([
              w.and([w('blocker_id', '=', a), w('blocked_id', '=', b)]),
              w.and([w('blocker_id', '=', b), w('blocked_id', '=', a)]),
            ]),
          ),
      )
      .as('blocked'),
    eb
      .exists(
        eb
          .selectFrom('contacts')
          .select('connection_id')
          .where('user_id', '=', a)
          .where('contact_id', '=', b),
      )
      .as('contact'),
    eb.selectFrom('threads').select('id').where('direct_key', '=', key).as('thread_id'),
    eb
      .selectFrom('thread_members as m')
      .innerJoin('threads as t', 't.id', 'm.thread_id')
      .select((c) => c.fn.countAll<number>().as('n'))
      .where('t.direct_key', '=', key)
      .where('m.user_id', 'in', [a, b])
      .as('members'),
  ]);
}

/**
 * A group the given people (the caller first) are exactly the members of. It starts from the
 * first person's memberships (thread_members_user_idx) and checks each of their groups' member
 * list by its thread (the unique thread-and-person key), so it reads the caller's threads, not
 * every group on the server (docs/PERFORMANCE.md, "People per machine").
 */
export async function groupWithMembers(db: Db, userIds: number[]): Promise<number | undefined> {
  const [first] = userIds;
  if (first === undefined) return undefined;
  const row = await db
    .selectFrom('thread_members as m')
    .select('m.thread_id as id')
    .where('m.user_id', '=', first)
    // a subquery per membership, not a join: a join lets the planner start from the threads
    .where(
      (eb) =>
        eb.selectFrom('threads as t').select('t.thread_type').whereRef('t.id', '=', 'm.thread_id'),
      '=',
      'group',
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom('thread_members as x')
          .select((x) => x.fn.countAll().as('n'))
          .whereRef('x.thread_id', '=', 'm.thread_id'),
        '=',
        userIds.length,
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('thread_members as o')
            .select('o.id')
            .whereRef('o.thread_id', '=', 'm.thread_id')
            .where('o.user_id', 'not in', userIds),
        ),
      ),
    )
    .orderBy('m.thread_id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function insertThread(
  db: Db,
  d: DialectHelpers,
  thread: {
    type: string;
    name: string | null;
    description: string | null;
    creatorId: number;
    directKey: string | null;
    at: Date;
  },
): Promise<number> {
  const at = d.time(thread.at);
  const row = await db
    .insertInto('threads')
    .values({
      thread_type: thread.type,
      name: thread.name,
      description: thread.description,
      creator_id: thread.creatorId,
      direct_key: thread.directKey,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a PATCH (or a create, for the picture) changes on the thread row. */
export interface ThreadFields {
  name?: string;
  description?: string | null;
  picture_attachment_id?: number | null;
}

export async function updateThread(
  db: Db,
  d: DialectHelpers,
  id: number,
  fields: ThreadFields,
  at: Date,
): Promise<void> {
  await db
    .updateTable('threads')
    .set({ ...fields, updated_at: d.time(at) })
    .where('id', '=', id)
    .execute();
}

export async function insertMembers(
  db: Db,
  d: DialectHelpers,
  threadId: number,
  members: Array<{ userId: number; admin: boolean; readSeq: number }>,
  at: Date,
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insertInto('thread_members')
    .values(
      members.map((m) => ({
        thread_id: threadId,
        user_id: m.userId,
        is_admin: d.bool(m.admin),
        muted: d.bool(false),
        joined_at: d.time(at),
        last_read_seq: m.readSeq,
        delivered_seq: m.readSeq,
      })),
    )
    .execute();
}

/** The members of threads, longest-standing first. */
function membersQuery(db: Db, threadIds: number[]) {
  return db
    .selectFrom('thread_members')
    .selectAll()
    .where('thread_id', 'in', threadIds)
    .orderBy('joined_at')
    .orderBy('id');
}

/** The members of these threads, each thread's in the order they joined. */
export function membersOf(db: Db, threadIds: number[]) {
  return queryCacheOf(db).rows(
    'thread-members',
    threadIds.length > 0 ? threadIds : [0],
    (slots) => membersQuery(db, slots as number[]),
    { prepared: threadIds.length <= 1 },
  );
}

/** What thread and message answers show of a member (presentMembers, read_by_users). */
const PRESENTED_MEMBER = [
  'thread_id',
  'user_id',
  'is_admin',
  'muted',
  'joined_at',
  'last_read_seq',
  'last_read_at',
] as const;

export type PresentedMemberRow = Awaited<ReturnType<typeof presentedMembersOf>>[number];

/**
 * membersOf with only what answers show: a list of 50 threads reads about 150 members, and
 * making each row costs more than finding it (docs/PERFORMANCE.md, "Messenger").
 */
export function presentedMembersOf(db: Db, threadIds: number[]) {
  return queryCacheOf(db).rows(
    'presented-thread-members',
    threadIds.length > 0 ? threadIds : [0],
    (slots) =>
      db
        .selectFrom('thread_members')
        .select(PRESENTED_MEMBER)
        .where('thread_id', 'in', slots as number[])
        .orderBy('joined_at')
        .orderBy('id'),
    { prepared: threadIds.length <= 1 },
  );
}

export async function memberOf(db: Db, threadId: number, userId: number) {
  const [row] = await queryCacheOf(db).rows(
    'thread-member',
    [threadId, userId],
    (slots) =>
      db
        .selectFrom('thread_members')
        .selectAll()
        .where('thread_id', '=', slots[0] as number)
        .where('user_id', '=', slots[1] as number),
    { prepared: true },
  );
  return row;
}

export async function removeMembers(db: Db, threadId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('thread_members')
    .where('thread_id', '=', threadId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function setMemberFlags(
  db: Db,
  d: DialectHelpers,
  threadId: number,
  userId: number,
  flags: { admin?: boolean; muted?: boolean },
): Promise<void> {
  const set: { is_admin?: boolean | number; muted?: boolean | number } = {};
  if (flags.admin !== undefined) set.is_admin = d.bool(flags.admin);
  if (flags.muted !== undefined) set.muted = d.bool(flags.muted);
  await db
    .updateTable('thread_members')
    .set(set)
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .execute();
}

/** Moves the person's read (and delivered) mark forward, never back. */
export async function markRead(
  db: Db,
  d: DialectHelpers,
  threadId: number,
  userId: number,
  seq: number,
  at: Date,
): Promise<void> {
  // delivered never trails read, so a read mark that does not move leaves delivered as it is
  await db
    .updateTable('thread_members')
    .set((eb) => ({
      last_read_seq: seq,
      last_read_at: d.time(at),
      delivered_seq: eb
        .case()
        .when('delivered_seq', '<', seq)
        .then(seq)
        .else(eb.ref('delivered_seq'))
        .end(),
    }))
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .where('last_read_seq', '<', seq)
    .execute();
}

/**
 * Records acknowledged messages: each (message, member) pair raises that member's delivered
 * number in the message's thread. Two statements per distinct message and thread, whatever
 * the number of members; a pair whose user is not a member of the message's thread changes
 * nothing (the update matches no membership row).
 */
export async function markDelivered(
  db: Db,
  acks: ReadonlyArray<{ messageId: number; userId: number }>,
): Promise<void> {
  if (acks.length === 0) return;
  const ids = [...new Set(acks.map((a) => a.messageId))];
  const messages = new Map<number, { thread_id: number; seq: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('thread_messages')
      .select(['id', 'thread_id', 'seq'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) messages.set(row.id, row);
  }
  const groups = new Map<string, { threadId: number; seq: number; userIds: Set<number> }>();
  for (const { messageId, userId } of acks) {
    const message = messages.get(messageId);
    if (!message) continue;
    const key = `${message.thread_id}:${message.seq}`;
    let group = groups.get(key);
    if (!group) {
      group = { threadId: message.thread_id, seq: message.seq, userIds: new Set() };
      groups.set(key, group);
    }
    group.userIds.add(userId);
  }
  for (const { threadId, seq, userIds } of groups.values()) {
    await db
      .updateTable('thread_members')
      .set({ delivered_seq: seq })
      .where('thread_id', '=', threadId)
      .where('user_id', 'in', [...userIds])
      .where('delivered_seq', '<', seq)
      .execute();
  }
}

/**
 * PostgreSQL: the same as `markDelivered`, in ONE statement (its own transaction): each
 * member's delivered number in each thread rises to the highest acknowledged. Written in
 * a transaction of a statement per message, the batch held its members' rows locked from
 * the first update to the commit, a round trip each, and every send to those threads (its
 * sender's read mark) waited behind it (docs/PERFORMANCE.md, Messenger).
 */
export async function markDeliveredPostgres(
  db: Db,
  acks: ReadonlyArray<{ messageId: number; userId: number }>,
): Promise<void> {
  if (acks.length === 0) return;
  await sql`${sql.raw(PREPARED_MARK)}update thread_members as tm
    set delivered_seq = v.seq
    from (
      select m.thread_id, a.user_id, max(m.seq) as seq
      from unnest(${acks.map((a) => a.messageId)}::integer[],
        ${acks.map((a) => a.userId)}::integer[]) as a(message_id, user_id)
      join thread_messages m on m.id = a.message_id
      group by m.thread_id, a.user_id
    ) as v
    where tm.thread_id = v.thread_id and tm.user_id = v.user_id and tm.delivered_seq < v.seq`.execute(
    db,
  );
}

/** Takes the thread's next message number (the row stays locked until the commit). */
export async function nextSeq(db: Db, threadId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('threads')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', threadId)
    .returning('last_seq')
    .executeTakeFirst();
  return row?.last_seq;
}

export async function setLastMessage(
  db: Db,
  d: DialectHelpers,
  threadId: number,
  messageId: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable('threads')
    .set({ last_message_id: messageId, last_activity_at: d.time(at) })
    .where('id', '=', threadId)
    .execute();
}
