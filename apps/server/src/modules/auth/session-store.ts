import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { LRUCache } from 'lru-cache';
import { queryCacheOf } from '../../db/query-cache.js';
import type { ChangeVersion } from '../../db/change-version.js';

type Db = Kysely<DatabaseSchema>;

export async function insertSession(
  db: Db,
  d: DialectHelpers,
  session: {
    userId: number;
    scope: string;
    expiresAt: Date;
    userAgent: string | null;
    rootUserId?: number | null;
    ip?: string | null;
  },
  refreshHash: string,
): Promise<number> {
  const now = new Date();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      scope: session.scope,
      created_at: d.time(now),
      expires_at: d.time(session.expiresAt),
      revoked_at: null,
      reauthenticated_at: null,
      user_agent: session.userAgent,
      root_user_id: session.rootUserId ?? null,
      ip: session.ip ?? null,
      last_used_at: d.time(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: refreshHash,
      session_id: row.id,
      created_at: d.time(now),
      rotated_at: null,
    })
    .execute();
  return row.id;
}

/**
 * The session with what the guard needs to know about its user and, for a session acting
 * through a delegation, whether the person behind it is still enabled and the delegation
 * still live (so a revocation that races a switch still ends the new session).
 */
function sessionStateQuery(db: Db, sessionId: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('users as root', 'root.id', 'sessions.root_user_id')
    .leftJoin('account_delegations as delegation', (join) =>
      join
        .onRef('delegation.account_user_id', '=', 'sessions.user_id')
        .onRef('delegation.delegate_user_id', '=', 'sessions.root_user_id')
        .on('delegation.revoked_at', 'is', null),
    )
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.root_user_id',
      'sessions.scope',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.reauthenticated_at',
      'users.disabled_at',
      'root.disabled_at as root_disabled_at',
      'delegation.id as delegation_id',
    ])
    .where('sessions.id', '=', sessionId);
}

/** Sessions whose state is kept between requests (one entry per signed-in tab or device). */
const KEPT_SESSIONS = 10_000;

/**
 * How long a kept state may serve at most, however still the version: bounds what a lost
 * signal could leave unseen (a PostgreSQL process that died between a write outside a
 * transaction and its notify), at one session read per session per period.
 */
export const KEPT_SESSION_MS = 10_000;

/**
 * The session as the guard reads it on every request: built once, run with each id. While
 * the database's change version also sees other processes' commits (SQLite's data_version,
 * PostgreSQL's notifications while the listener is up), the state read is kept while that
 * version holds: a write here to the tables it is read from (a revocation, a disabled
 * account, a delegation ended), or any commit of another instance or of the admin command
 * line, makes the next request read the row again; the messages and memos written here do
 * not (ChangeVersion.accounts). While it does not (the PostgreSQL listener is reconnecting), every request reads
 * the row, so an operator's change from outside is still seen at once.
 */
export function createSessionStateReader(db: Db, changes?: ChangeVersion) {
  const read = (sessionId: number) => readSessionState(db, sessionId);
  if (!changes) return read;
  type State = Awaited<ReturnType<typeof read>>;
  const kept = new LRUCache<number, { version: number; state: NonNullable<State> }>({
    max: KEPT_SESSIONS,
    ttl: KEPT_SESSION_MS,
  });
  return async (sessionId: number): Promise<State> => {
    if (!changes.seesOtherProcesses) return read(sessionId);
    const version = changes.accounts();
    const hit = kept.get(sessionId);
    if (hit && hit.version === version) return hit.state;
    const state = await read(sessionId);
    // a write while it was read leaves `version` behind: the state is not served again
    if (state) kept.set(sessionId, { version, state });
    return state;
  };
}

export type SessionStateReader = ReturnType<typeof createSessionStateReader>;

/** The session's state as the reader reads it, on `db` (the warm-up runs it on each connection). */
export async function readSessionState(db: Db, sessionId: number) {
  const [row] = await queryCacheOf(db).rows(
    'session-state',
    [sessionId],
    ([id]) => sessionStateQuery(db, id as number),
    { prepared: true },
  );
  return row;
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used; false when another request rotated it first. */
export async function markRotated(db: Db, d: DialectHelpers, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: d.time(new Date()) })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addRefreshToken(
  db: Db,
  d: DialectHelpers,
  sessionId: number,
  tokenHash: string,
  expiresAt: Date,
  ip?: string,
): Promise<void> {
  const now = d.time(new Date());
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: tokenHash, session_id: sessionId, created_at: now, rotated_at: null })
    .execute();
  await db
    .updateTable('sessions')
    // a refresh is the session's sign of life (the sessions list shows when and from where)
    .set({ expires_at: d.time(expiresAt), last_used_at: now, ...(ip ? { ip } : {}) })
    .where('id', '=', sessionId)
    .execute();
}

/** False when the session was already revoked (another request ended it first). */
export async function revokeSession(
  db: Db,
  d: DialectHelpers,
  sessionId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: d.time(new Date()) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the sessions in which `rootUserId` acts for `accountUserId` (a revoked delegation). */
export async function revokeActingSessions(
  db: Db,
  d: DialectHelpers,
  accountUserId: number,
  rootUserId: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: d.time(new Date()) })
    .where('user_id', '=', accountUserId)
    .where('root_user_id', '=', rootUserId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends the user's sessions: those of the account, including delegates acting for it, and
 * those in which the user acts for other accounts (a password reset must reach them too).
 */
export async function revokeUserSessions(
  db: Db,
  d: DialectHelpers,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: d.time(new Date()) })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('root_user_id', '=', userId)]))
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function markReauthenticated(
  db: Db,
  d: DialectHelpers,
  sessionId: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ reauthenticated_at: d.time(new Date()) })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * The live sessions of a person's own devices: signed in as themself, or acting for another
 * account through a delegation (a delegate's sessions acting for this account are theirs).
 */
export function listDeviceSessions(db: Db, d: DialectHelpers, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'root_user_id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userId), eb('root_user_id', 'is', null)]),
        eb('root_user_id', '=', userId),
      ]),
    )
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', d.time(now))
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends the listed device sessions of `userId` (one, or all but `exceptSessionId`). */
export async function revokeDeviceSessions(
  db: Db,
  d: DialectHelpers,
  userId: number,
  which: { sessionId: number } | { exceptSessionId: number },
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: d.time(new Date()) })
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userId), eb('root_user_id', 'is', null)]),
        eb('root_user_id', '=', userId),
      ]),
    )
    .where('revoked_at', 'is', null);
  query =
    'sessionId' in which
      ? query.where('id', '=', which.sessionId)
      : query.where('id', '!=', which.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
