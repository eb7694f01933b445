import { AUTH, type TokenPair } from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { readTime, type DialectHelpers } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { AuthContext, SessionScope } from '../../http/request-context.js';
import {
  addRefreshToken,
  findRefreshToken,
  createSessionStateReader,
  insertSession,
  readSessionState,
  listDeviceSessions,
  markReauthenticated,
  markRotated,
  revokeActingSessions,
  revokeDeviceSessions,
  revokeSession,
  revokeUserSessions,
  type SessionStateReader,
} from './session-store.js';
import { opaqueToken, sha256, signAccessToken, verifyAccessToken } from './tokens.js';

const refreshExpiry = () => new Date(Date.now() + AUTH.refreshTokenTtlDays * 86_400_000);

/** The session is over (revoked, expired, reused token): the client signs out. */
export const sessionEnded = () =>
  new ApiError(401, 'error.tokenExpired', { headers: { 'x-token-expired': '1' } });

/** The session ended because an operator disabled the account (or the person acting). */
const accountDisabled = () =>
  new ApiError(401, 'auth.accountDisabled', { headers: { 'x-token-expired': '1' } });

function endedError(session: SessionState): ApiError {
  const disabled =
    session.disabled_at !== null ||
    (session.root_user_id !== null && session.root_disabled_at !== null);
  return disabled ? accountDisabled() : sessionEnded();
}

export function createSessionService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const findSessionState = createSessionStateReader(db, ctx.database.changes);
  const key = ctx.secrets.jwtKey;

  /** A new session row (in `trx` when given) and its first token pair. */
  async function start(
    trx: typeof db,
    userId: number,
    scope: SessionScope,
    userAgent: string | undefined,
    rootUserId: number | null,
    ip?: string,
  ): Promise<TokenPair> {
    const refresh = opaqueToken();
    const sessionId = await insertSession(
      trx,
      dialect,
      {
        userId,
        scope,
        expiresAt: refreshExpiry(),
        userAgent: userAgent?.slice(0, 300) ?? null,
        rootUserId,
        ip: ip?.slice(0, 64) ?? null,
      },
      sha256(refresh),
    );
    const token = await signAccessToken(key, { userId, sessionId, scope, rootUserId });
    return { token, refresh_token: refresh };
  }

  return {
    issue: (
      userId: number,
      scope: SessionScope,
      userAgent?: string,
      ip?: string,
    ): Promise<TokenPair> => start(db, userId, scope, userAgent, null, ip),

    /**
     * Ends `previous` and starts a full session for `userId`, acting for it as `rootUserId`
     * (null: one's own account). One transaction, and only if `previous` was still live, so
     * two concurrent switches cannot fork one session into two.
     */
    replace(
      previous: number,
      userId: number,
      rootUserId: number | null,
      userAgent?: string,
    ): Promise<TokenPair> {
      return db.transaction().execute(async (trx) => {
        if (!(await revokeSession(trx, dialect, previous))) throw sessionEnded();
        return start(trx, userId, 'full', userAgent, rootUserId);
      });
    },

    /** Rotates the refresh token. A token used twice means it leaked: the session ends. */
    async refresh(refreshToken: string, ip?: string): Promise<TokenPair> {
      const hash = sha256(refreshToken);
      const stored = await findRefreshToken(db, hash);
      if (!stored) throw new ApiError(401, 'error.unauthorized');
      const session = await findSessionState(stored.session_id);
      if (!session) throw sessionEnded();
      if (!live(session)) throw endedError(session);
      if (stored.rotated_at !== null || !(await markRotated(db, dialect, hash))) {
        await revokeSession(db, dialect, session.id);
        ctx.log.warn({ sessionId: session.id }, 'refresh token reused; session revoked');
        throw sessionEnded();
      }
      const next = opaqueToken();
      await addRefreshToken(
        db,
        dialect,
        session.id,
        sha256(next),
        refreshExpiry(),
        ip?.slice(0, 64),
      );
      const token = await signAccessToken(key, {
        userId: session.user_id,
        sessionId: session.id,
        scope: session.scope as SessionScope,
        rootUserId: session.root_user_id,
      });
      return { token, refresh_token: next };
    },

    /**
     * Bearer token → caller. The session's state is as current as the database: a kept one is
     * used only while nothing was written since (session-store.ts), so revocation is immediate.
     */
    async authenticate(token: string): Promise<AuthContext> {
      const check = await verifyAccessToken(key, token);
      if (!check.ok) throw new ApiError(401, 'error.unauthorized');
      const session = await findSessionState(check.claims.sessionId);
      if (
        !session ||
        session.user_id !== check.claims.userId ||
        session.root_user_id !== check.claims.rootUserId
      ) {
        throw new ApiError(401, 'error.unauthorized');
      }
      if (!live(session)) throw endedError(session);
      return {
        userId: session.user_id,
        sessionId: session.id,
        scope: session.scope as SessionScope,
        reauthenticatedAt: readTime(session.reauthenticated_at),
        rootUserId: session.root_user_id,
      };
    },

    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const stored = await findRefreshToken(db, sha256(refreshToken));
      if (stored) await revokeSession(db, dialect, stored.session_id);
    },

    /** The read every signed-in request and socket makes, on `on` (db/warm.ts). */
    async warm(on: Kysely<DatabaseSchema>): Promise<void> {
      await readSessionState(on, 0);
    },

    revoke: (sessionId: number) => revokeSession(db, dialect, sessionId),
    revokeAll: (userId: number, exceptSessionId?: number) =>
      revokeUserSessions(db, dialect, userId, exceptSessionId),
    markReauthenticated: (sessionId: number) => markReauthenticated(db, dialect, sessionId),

    /** The live sessions of the person's own devices (the sessions and devices list). */
    devices: (userId: number) => listDeviceSessions(db, dialect, userId, new Date()),
    /** Ends one of them; false when it is not theirs or already ended. */
    revokeDevice: async (userId: number, sessionId: number) =>
      (await revokeDeviceSessions(db, dialect, userId, { sessionId })) === 1,
    /** Ends all of them but `currentSessionId`; answers how many. */
    revokeOtherDevices: (userId: number, currentSessionId: number) =>
      revokeDeviceSessions(db, dialect, userId, { exceptSessionId: currentSessionId }),
  };
}

type SessionState = NonNullable<Awaited<ReturnType<SessionStateReader>>>;

/**
 * Not revoked, not expired, the account enabled; and for a session acting through a
 * delegation, the person behind it enabled and the delegation not revoked.
 */
function live(session: SessionState): boolean {
  const expires = readTime(session.expires_at);
  const delegationLive =
    session.root_user_id === null ||
    (session.root_disabled_at === null && session.delegation_id !== null);
  return (
    session.revoked_at === null &&
    session.disabled_at === null &&
    delegationLive &&
    expires !== null &&
    expires.getTime() > Date.now()
  );
}

/**
 * Ends the sessions in which `rootUserId` acts for `accountUserId`, for the delegations
 * module: call it inside the transaction that revokes the delegation.
 */
export function endSessionsActingFor(
  db: Kysely<DatabaseSchema>,
  d: DialectHelpers,
  accountUserId: number,
  rootUserId: number,
): Promise<void> {
  return revokeActingSessions(db, d, accountUserId, rootUserId);
}

export type SessionService = ReturnType<typeof createSessionService>;
