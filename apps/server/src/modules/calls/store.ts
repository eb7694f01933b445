import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Calls and their participants (docs/notes/calls.md). */

export type CallRow = Awaited<ReturnType<typeof findCall>> & object;
export type ParticipantRow = Awaited<ReturnType<typeof findParticipant>> & object;

export function findCall(db: Db, id: number) {
  return db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The call running on a collection, if any. */
export function findLiveCall(db: Db, collectionId: string) {
  return db.selectFrom('calls').selectAll().where('live_key', '=', collectionId).executeTakeFirst();
}

/** Starts a call; undefined when another one started on the collection meanwhile. */
export async function insertCall(
  db: Db,
  d: DialectHelpers,
  values: { collectionId: string; startedBy: number; lobby: boolean; at: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('calls')
    .values({
      collection_id: values.collectionId,
      started_by: values.startedBy,
      lobby: d.bool(values.lobby),
      started_at: d.time(values.at),
      ended_at: null,
      live_key: values.collectionId,
    })
    .onConflict((oc) => oc.column('live_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Ends a call if still running; answers whether this call ended it. */
export async function endCall(db: Db, d: DialectHelpers, callId: number, at: Date) {
  const result = await db
    .updateTable('calls')
    .set({ ended_at: d.time(at), live_key: null })
    .where('id', '=', callId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findParticipant(db: Db, id: number) {
  return db.selectFrom('call_participants').selectAll().where('id', '=', id).executeTakeFirst();
}

export function participantsOf(db: Db, callId: number) {
  return db
    .selectFrom('call_participants')
    .selectAll()
    .where('call_id', '=', callId)
    .where('state', '!=', 'left')
    .orderBy('id')
    .execute();
}

export async function insertParticipant(
  db: Db,
  d: DialectHelpers,
  values: {
    callId: number;
    userId: number | null;
    name: string;
    state: 'lobby' | 'in';
    isHost: boolean;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('call_participants')
    .values({
      call_id: values.callId,
      user_id: values.userId,
      name: values.name,
      state: values.state,
      is_host: d.bool(values.isHost),
      joined_at: d.time(values.at),
      admitted_at: values.state === 'in' ? d.time(values.at) : null,
      connected_at: null,
      seen_at: null,
      left_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** lobby → in; answers whether this call admitted them. */
export async function admitParticipant(db: Db, d: DialectHelpers, id: number, at: Date) {
  const result = await db
    .updateTable('call_participants')
    .set({ state: 'in', admitted_at: d.time(at) })
    .where('id', '=', id)
    .where('state', '=', 'lobby')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** → left; answers whether this call made them leave. */
export async function markLeft(db: Db, d: DialectHelpers, id: number, at: Date) {
  const result = await db
    .updateTable('call_participants')
    .set({ state: 'left', left_at: d.time(at) })
    .where('id', '=', id)
    .where('state', '!=', 'left')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Everyone still in the lobby of a call leaves with it. */
export function clearLobby(db: Db, d: DialectHelpers, callId: number, at: Date) {
  return db
    .updateTable('call_participants')
    .set({ state: 'left', left_at: d.time(at) })
    .where('call_id', '=', callId)
    .where('state', '!=', 'left')
    .returning('id')
    .execute();
}

export async function countInCall(db: Db, callId: number): Promise<number> {
  const row = await db
    .selectFrom('call_participants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('call_id', '=', callId)
    .where('state', '=', 'in')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a collection's calls, newest first, with their total. */
export async function callsOfCollection(
  db: Db,
  collectionId: string,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('calls as c')
      .leftJoin('user_profiles as p', 'p.user_id', 'c.started_by')
      .select([
        'c.id',
        'c.collection_id',
        'c.started_by',
        'c.started_at',
        'c.ended_at',
        'p.name as started_by_name',
      ])
      .where('c.collection_id', '=', collectionId)
      .orderBy('c.started_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Who entered these calls (admitted ones only: the lobby is no part of the record). */
export function attendanceOf(db: Db, callIds: number[]) {
  if (callIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('call_participants')
    .select(['call_id', 'user_id', 'name', 'admitted_at', 'left_at'])
    .where('call_id', 'in', callIds)
    .where('admitted_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The display name of an account. */
export async function nameOf(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_profiles')
    .select('name')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Notes that a participant's call socket opened (the first time counts). */
export function markConnected(db: Db, d: DialectHelpers, id: number, at: Date) {
  return db
    .updateTable('call_participants')
    .set({ connected_at: d.time(at), seen_at: d.time(at) })
    .where('id', '=', id)
    .where('connected_at', 'is', null)
    .execute();
}

/** The instance holding these participants' call sockets says they are still there. */
export async function markSeen(db: Db, d: DialectHelpers, ids: readonly number[], at: Date) {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('call_participants')
      .set({ seen_at: d.time(at) })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('state', '!=', 'left')
      .execute();
  }
}

/**
 * Participants of running calls that no instance vouched for since `before`: their socket
 * died with its server (or never opened). Oldest first, a batch at a time.
 */
export function staleParticipants(db: Db, d: DialectHelpers, before: Date, limit: number) {
  const cutoff = d.time(before);
  return db
    .selectFrom('call_participants as p')
    .innerJoin('calls as c', 'c.id', 'p.call_id')
    .select(['p.id', 'p.call_id'])
    .where('c.live_key', 'is not', null)
    .where('p.state', '!=', 'left')
    .where((eb) =>
      eb.or([
        eb('p.seen_at', '<', cutoff),
        eb.and([eb('p.seen_at', 'is', null), eb('p.joined_at', '<', cutoff)]),
      ]),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Running calls, started before `before`, with nobody in them (left over by a crash). */
export function emptyLiveCalls(db: Db, before: Date, d: DialectHelpers, limit: number) {
  return db
    .selectFrom('calls as c')
    .select('c.id')
    .where('c.live_key', 'is not', null)
    .where('c.started_at', '<', d.time(before))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('call_participants as p')
            .select('p.id')
            .whereRef('p.call_id', '=', 'c.id')
            .where('p.state', '=', 'in'),
        ),
      ),
    )
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
