import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { AppConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { AuthGuard } from '../http/auth.js';
import { ApiError } from '../http/errors.js';
import type { AuthContext } from '../http/request-context.js';
import { createSessionService } from '../modules/auth/session-service.js';
import {
  callAddress,
  createLocalHub,
  SEND_BATCH,
  type RealtimeHub,
  type RealtimeSocket,
} from './hub.js';
import { memoReadersJudge } from './memo-changes.js';
import { watchedMemos } from './memo-watch.js';
import { processNumber } from '../process-role.js';
import { createProcessHub, workerLink } from './process-hub.js';
import { createRedisHub } from './redis-hub.js';
import { liveSessionIds } from './store.js';

export {
  callAddress,
  onlineAnywhere,
  whoIsOnline,
  type RealtimeHub,
  type RealtimeMessage,
} from './hub.js';
export { createMemoChangeNotices, type MemoChange } from './memo-changes.js';

/** Limits of the socket endpoint (docs/notes/realtime-delivery.md). */
export const SOCKET = {
  /** a ping each way this often; a socket that answered none since the last is closed */
  heartbeatMs: 25_000,
  /**
   * The beat is spread over its interval in this many slices, each a share of the sockets,
   * so 20,000 sockets are not pinged (and their pongs read) in one burst.
   */
  heartbeatSlices: 25,
  /**
   * largest client message; a bigger one closes the socket (1009). A `watch_memos` of
   * MEMO_WATCH.maxMemos ids (ten digits each) fits.
   */
  maxMessageBytes: 16_384,
  /** client messages allowed per window beyond replies; more closes the socket (1008) */
  messagesPerWindow: 30,
  /**
   * Events sent to a socket it may answer without counting against the window, at most this
   * many owed at once: the web app acknowledges every new message, and a member of a busy
   * group is sent far more than 30 in ten seconds (docs/notes/realtime-delivery.md, Limits).
   */
  maxRepliesOwed: 1000,
  windowMs: 10_000,
  /** open sockets per user (tabs); a new one beyond closes the oldest */
  maxSocketsPerUser: 20,
} as const;

/** Close codes the web app reads: 4401 = the session ended, sign in again. */
export const CLOSE_CODES = {
  policy: 1008,
  tooBig: 1009,
  sessionEnded: 4401,
} as const;

/**
 * The hub this app uses: Redis pub/sub when REDIS_URL is set (instances serving the same
 * database share one channel); otherwise the primary process's relay in a worker of several
 * (SERVER_PROCESSES), or the in-process one.
 */
export async function createRealtimeHub(
  config: Pick<AppConfig, 'redisUrl' | 'database'>,
  log: FastifyBaseLogger,
): Promise<RealtimeHub> {
  if (!config.redisUrl) {
    // one of several processes of this machine (processes.ts): through the primary
    const self = processNumber();
    return self > 0 ? createProcessHub(self, workerLink(process)) : createLocalHub();
  }
  const target = config.database;
  const identity =
    target.kind === 'sqlite' ? `sqlite:${target.file}` : `pg:${target.url}#${target.schema ?? ''}`;
  const channel = `memoria:realtime:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
  return createRedisHub({
    url: config.redisUrl,
    channel,
    onError: (error) => log.warn({ err: error }, 'realtime broker unavailable'),
  });
}

/**
 * What a module does with a client message of one message_type (the messenger's
 * acknowledgements and typing notices); it must not throw and answers nothing.
 */
export type SocketMessageHandler = (userId: number, message: Record<string, unknown>) => void;

/**
 * The calls module's side of the socket (docs/notes/calls.md): a socket opened with
 * `call_ticket` instead of a session belongs to one call participant; its messages go to
 * the calls module, and its close is that participant leaving.
 */
export interface CallSocketPort {
  /** the participant a ticket stands for, or null (the socket is refused with 401) */
  authenticate(ticket: string): Promise<number | null>;
  /** largest message and allowance per window of a call socket */
  limits: { maxMessageBytes: number; messagesPerWindow: number; windowMs: number };
  opened(participantId: number): void;
  message(participantId: number, message: unknown): void;
  closed(participantId: number): void;
}

interface Connection {
  socket: WebSocket;
  /** what the hub writes to (and what the memos it watches are kept under) */
  delivery: RealtimeSocket;
  userId: number;
  sessionId: number;
  /** a pong or a message arrived since the last heartbeat */
  alive: boolean;
  windowStart: number;
  messages: number;
  /** events sent and not yet answered, up to SOCKET.maxRepliesOwed */
  repliesOwed: number;
  /** which slice of the heartbeat pings it */
  slice: Set<Connection>;
  detach(): void;
}

const PING_TEXT = JSON.stringify({ message_type: 'ping' });
const PONG_TEXT = JSON.stringify({ message_type: 'pong' });

function queryOf(request: FastifyRequest): {
  userId?: number;
  token?: string;
  callTicket?: string;
} {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const ticket = query.call_ticket;
  const rawId = query.user_id;
  const token = query.token;
  const userId =
    typeof rawId === 'string' && /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : undefined;
  return {
    userId: userId !== undefined && Number.isSafeInteger(userId) ? userId : undefined,
    token:
      typeof token === 'string' && token.length > 0 && token.length <= 4096 ? token : undefined,
    callTicket:
      typeof ticket === 'string' && ticket.length > 0 && ticket.length <= 512 ? ticket : undefined,
  };
}

/**
 * The WebSocket endpoint `GET /api/ws?user_id=&token=` (docs/API.md, Calls: the socket connects
 * with user_id and token query parameters; messages are dispatched by message_type). The
 * token is the access JWT; it is checked like every API call (and user_id must be its
 * user) before the upgrade, so a bad one gets a plain 401. Each heartbeat also rechecks
 * the sessions behind the open sockets: a revoked session or disabled account is closed
 * with 4401.
 */
export async function registerRealtime(
  app: FastifyInstance,
  _guard: AuthGuard,
  ctx: AppContext,
  handlers: Record<string, SocketMessageHandler> = {},
  calls?: CallSocketPort,
): Promise<void> {
  const sessions = createSessionService(ctx);
  // who of this instance's watchers hears of an edit (comments and reactions: their module)
  ctx.realtime.judgeMemoChanges('updated', memoReadersJudge(ctx));
  const byUser = new Map<number, Set<Connection>>();
  const all = new Set<Connection>();
  const slices = Array.from({ length: SOCKET.heartbeatSlices }, () => new Set<Connection>());
  let opened = 0;

  async function authenticate(request: FastifyRequest): Promise<void> {
    const { userId, token, callTicket } = queryOf(request);
    if (callTicket !== undefined && calls) {
      const participantId = await calls.authenticate(callTicket);
      if (participantId === null) throw new ApiError(401, 'error.unauthorized');
      request.callParticipantId = participantId;
      return;
    }
    if (userId === undefined || token === undefined) throw new ApiError(401, 'error.unauthorized');
    const auth: AuthContext = await sessions.authenticate(token);
    if (auth.userId !== userId) throw new ApiError(401, 'error.unauthorized');
    if (auth.scope !== 'full') throw new ApiError(403, 'auth.sessionLimited');
    request.auth = auth;
  }

  /** A call participant's socket: its own limits, its messages to the calls module. */
  function openCall(socket: WebSocket, participantId: number, port: CallSocketPort): void {
    const { maxMessageBytes, messagesPerWindow, windowMs } = port.limits;
    let alive = true;
    let windowStart = Date.now();
    let count = 0;
    const detach = ctx.realtime.attach(callAddress(participantId), {
      send: (utf8) => {
        if (socket.readyState === socket.OPEN) socket.send(utf8, { binary: false });
      },
    });
    const beat = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      if (socket.readyState === socket.OPEN) socket.ping();
    }, SOCKET.heartbeatMs);
    beat.unref();
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      alive = true;
      const now = Date.now();
      if (now - windowStart >= windowMs) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (count > messagesPerWindow) {
        socket.close(CLOSE_CODES.policy, 'too many messages');
        return;
      }
      if (isBinary) return;
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      if (Buffer.byteLength(text) > maxMessageBytes) {
        socket.close(CLOSE_CODES.tooBig, 'message too big');
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if ((message as { message_type?: unknown } | null)?.message_type === 'ping') {
        socket.send(PONG_TEXT);
        return;
      }
      port.message(participantId, message);
    });
    socket.on('close', () => {
      clearInterval(beat);
      detach();
      port.closed(participantId);
    });
    port.opened(participantId);
  }

  function open(socket: WebSocket, auth: AuthContext): void {
    const delivery: RealtimeSocket = {
      send: (utf8) => {
        if (socket.readyState !== socket.OPEN) return;
        // a text frame of the shared bytes: ws writes them as they are, without a copy
        socket.send(utf8, { binary: false });
        connection.repliesOwed = Math.min(connection.repliesOwed + 1, SOCKET.maxRepliesOwed);
      },
    };
    const connection: Connection = {
      socket,
      delivery,
      userId: auth.userId,
      sessionId: auth.sessionId,
      alive: true,
      windowStart: Date.now(),
      messages: 0,
      repliesOwed: 0,
      slice: slices[opened++ % slices.length]!,
      detach: ctx.realtime.attach(auth.userId, delivery),
    };
    all.add(connection);
    connection.slice.add(connection);
    let own = byUser.get(auth.userId);
    if (!own) {
      own = new Set();
      byUser.set(auth.userId, own);
    }
    own.add(connection);
    if (own.size > SOCKET.maxSocketsPerUser) {
      const oldest = own.values().next().value;
      oldest?.socket.close(CLOSE_CODES.policy, 'too many sockets');
    }

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      connection.alive = true;
      const now = Date.now();
      if (now - connection.windowStart >= SOCKET.windowMs) {
        connection.windowStart = now;
        connection.messages = 0;
      }
      if (connection.repliesOwed > 0) connection.repliesOwed -= 1;
      else connection.messages += 1;
      if (connection.messages > SOCKET.messagesPerWindow) {
        socket.close(CLOSE_CODES.policy, 'too many messages');
        return;
      }
      if (isBinary) return;
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      // the frame limit is the call sockets' larger one; account sockets keep their own
      if (Buffer.byteLength(text) > SOCKET.maxMessageBytes) {
        socket.close(CLOSE_CODES.tooBig, 'message too big');
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      const type = (message as { message_type?: unknown } | null)?.message_type;
      if (type === 'ping') socket.send(PONG_TEXT);
      else if (type === 'watch_memos') watch(connection, message as Record<string, unknown>);
      else if (typeof type === 'string' && Object.hasOwn(handlers, type)) {
        handlers[type]?.(connection.userId, message as Record<string, unknown>);
      }
    });
    socket.on('close', () => {
      connection.detach();
      all.delete(connection);
      connection.slice.delete(connection);
      const mine = byUser.get(connection.userId);
      mine?.delete(connection);
      if (mine?.size === 0) byUser.delete(connection.userId);
    });
  }

  /**
   * `watch_memos`: the memos the tab holds now, replacing what it said before (a malformed
   * message is ignored); memo changes are judged and sent only for the people watching the
   * memo (docs/notes/realtime-delivery.md, Watched memos).
   */
  function watch(connection: Connection, message: Record<string, unknown>): void {
    const watched = watchedMemos(message);
    if (!watched) return;
    const { memoIds, readMsAgo } = watched;
    ctx.realtime.watchMemos(connection.userId, connection.delivery, memoIds, readMsAgo);
  }

  /**
   * Pings the sockets (all, or one slice; in batches), drops the silent ones, closes ended
   * sessions. `whileChecking` runs while the sessions are read (tests: a socket opening).
   */
  async function heartbeat(
    whileChecking?: () => Promise<void>,
    sockets: ReadonlySet<Connection> = all,
  ): Promise<void> {
    let count = 0;
    for (const connection of [...sockets]) {
      if (!connection.alive) {
        connection.socket.terminate();
      } else {
        connection.alive = false;
        if (connection.socket.readyState === connection.socket.OPEN) {
          connection.socket.ping();
          connection.socket.send(PING_TEXT);
        }
      }
      count += 1;
      if (count % SEND_BATCH === 0) await nextTurn();
    }
    // Only the sockets whose sessions were read are judged: one that opened while they were
    // being read was authenticated just now, and closing it as ended signed it out for
    // nothing (docs/notes/realtime-delivery.md, Heartbeat).
    const checked = [...sockets];
    const sessionIds = [...new Set(checked.map((c) => c.sessionId))];
    if (sessionIds.length === 0) return;
    const [live] = await Promise.all([
      liveSessionIds(ctx.database.db, ctx.database.dialect, sessionIds),
      whileChecking?.(),
    ]);
    for (const connection of checked) {
      if (!live.has(connection.sessionId) && all.has(connection)) {
        connection.socket.close(CLOSE_CODES.sessionEnded, 'session ended');
      }
    }
  }

  // One slice a tick: every socket is still pinged once per heartbeatMs, never all at once.
  let beating = false;
  let tick = 0;
  const timer = setInterval(() => {
    const slice = slices[tick++ % slices.length]!;
    if (beating || slice.size === 0) return;
    beating = true;
    heartbeat(undefined, slice)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'realtime heartbeat failed'))
      .finally(() => {
        beating = false;
      });
  }, SOCKET.heartbeatMs / SOCKET.heartbeatSlices);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });

  // Registered last but the web app's fallback: only routes registered after it check for
  // upgrades, and only this one accepts them.
  await app.register(websocket, {
    options: {
      maxPayload: Math.max(SOCKET.maxMessageBytes, calls?.limits.maxMessageBytes ?? 0),
    },
    // An error on an open socket is the client's or the network's (too big a frame, a
    // reset): not the server's fault, so not logged as an error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'socket error');
      socket.terminate();
    },
  });
  app.route({
    method: 'GET',
    url: '/api/ws',
    schema: { hide: true },
    preValidation: authenticate,
    // A plain GET (no upgrade) with a good token: the client is not speaking WebSocket.
    handler: async () => {
      throw new ApiError(400, 'error.badRequest');
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      if (request.callParticipantId !== undefined && calls) {
        openCall(socket, request.callParticipantId, calls);
        return;
      }
      if (!request.auth) {
        socket.close(CLOSE_CODES.policy, 'unauthorized');
        return;
      }
      open(socket, request.auth);
    },
  });

  app.decorate('realtime', ctx.realtime);
  app.decorate('realtimeHeartbeat', (whileChecking?: () => Promise<void>) =>
    heartbeat(whileChecking),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set on a call socket's upgrade: the participant its ticket stands for */
    callParticipantId?: number;
  }
  interface FastifyInstance {
    /** The hub (tests and operators' tools send through it). */
    realtime: RealtimeHub;
    /**
     * Runs one heartbeat now (tests): pings, drops silent sockets, closes ended sessions;
     * `whileChecking` runs while the sessions are read.
     */
    realtimeHeartbeat(whileChecking?: () => Promise<void>): Promise<void>;
  }
}
