import { useEffect, useRef } from 'react';
import { TIMINGS } from '@memoria/domain';
import { buildUrl, refreshSession } from './client';
import { getSession, subscribeSession } from './session';

/**
 * The live connection to the server (docs/API.md, Calls: a WebSocket to the API host with user_id
 * and token query parameters; messages dispatched by message_type; an error closes the
 * socket and clears its handlers; an abnormal close retries, from 1000 ms growing by 1000
 * up to 3000 ms). One per tab, open while a full session is signed in.
 */
export interface SocketMessage {
  message_type: string;
  [key: string]: unknown;
}

export type SocketHandler = (message: SocketMessage) => void;

/** The server closes with this when the session behind the socket has ended. */
export const SESSION_ENDED_CLOSE = 4401;
const NORMAL_CLOSE = 1000;
/** The server pings every 25 s; this long without any message means the line is dead. */
export const SILENCE_LIMIT_MS = 70_000;

const handlers = new Map<string, Set<SocketHandler>>();

/** Calls `handler` with every message of this type; answers the function that stops it. */
export function subscribeSocket(messageType: string, handler: SocketHandler): () => void {
  let own = handlers.get(messageType);
  if (!own) {
    own = new Set();
    handlers.set(messageType, own);
  }
  own.add(handler);
  const mine = own;
  return () => {
    mine.delete(handler);
    if (mine.size === 0 && handlers.get(messageType) === mine) handlers.delete(messageType);
  };
}

/** subscribeSocket for a component: the latest `handler` hears each message. */
export function useSocketMessage(messageType: string, handler: SocketHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () => subscribeSocket(messageType, (message) => latest.current(message)),
    [messageType],
  );
}

/** `reconnected`: this tab had a socket open for the same account before this one. */
export type SocketOpenListener = (opened: { reconnected: boolean }) => void;

const openListeners = new Set<SocketOpenListener>();

/**
 * Calls `listener` each time a socket opens. What happened while no socket was open (before
 * the first one, or between a drop and the reconnect) was pushed to nobody: listeners read
 * it again. Answers the function that stops it.
 */
export function onSocketOpen(listener: SocketOpenListener): () => void {
  openListeners.add(listener);
  return () => {
    openListeners.delete(listener);
  };
}

function dispatch(data: unknown): void {
  if (typeof data !== 'string') return;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  const type = (message as { message_type?: unknown } | null)?.message_type;
  if (typeof type !== 'string') return;
  callEach(handlers.get(type), message as SocketMessage);
}

/** Calls every listener with `value`; one failing must not keep it from the others. */
function callEach<T>(listeners: Iterable<(value: T) => void> | undefined, value: T): void {
  for (const listener of [...(listeners ?? [])]) {
    try {
      listener(value);
    } catch (error) {
      console.error(error);
    }
  }
}

/** The reconnect delay after `failures` attempts in a row: 1000, 2000, 3000, 3000, … ms. */
export function reconnectDelay(failures: number): number {
  return Math.min(
    TIMINGS.socketReconnectStartMs + TIMINGS.socketReconnectStepMs * Math.max(0, failures),
    TIMINGS.socketReconnectMaxMs,
  );
}

interface TokenClaims {
  userId: number;
  /** seconds since the epoch */
  expiresAt: number;
}

/** The account and expiry an access token names (its payload; the server checks it). */
export function claimsOf(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload = JSON.parse(json) as { sub?: unknown; exp?: unknown };
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, expiresAt: typeof payload.exp === 'number' ? payload.exp : 0 };
  } catch {
    return null;
  }
}

/** ws(s)://<API host>/api/ws?user_id=…&token=…, from the base URL the HTTP client uses. */
export function socketUrl(userId: number, token: string): string {
  const url = new URL(buildUrl('/api/ws', { user_id: userId, token }), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

let socket: WebSocket | null = null;
/** the account the open (or opening) socket is for */
let socketUser: number | null = null;
/** the account whose socket was last open in this tab (kept across drops, not sign-out) */
let openedFor: number | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
let following = 0;
let stopFollowing: (() => void) | undefined;

function clearTimers(): void {
  clearTimeout(retryTimer);
  clearTimeout(silenceTimer);
  retryTimer = undefined;
  silenceTimer = undefined;
}

/** Removes the handlers from the socket and closes it; no retry follows from it. */
function drop(code = NORMAL_CLOSE): void {
  const current = socket;
  socket = null;
  socketUser = null;
  clearTimeout(silenceTimer);
  if (!current) return;
  current.onopen = null;
  current.onmessage = null;
  current.onerror = null;
  current.onclose = null;
  if (current.readyState === WebSocket.CONNECTING || current.readyState === WebSocket.OPEN) {
    current.close(code);
  }
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = reconnectDelay(failures);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void open();
  }, delay);
}

function watchSilence(): void {
  clearTimeout(silenceTimer);
  silenceTimer = setTimeout(() => {
    // No ping for too long (a sleeping laptop, a dropped network): start again.
    drop(NORMAL_CLOSE);
    scheduleRetry();
  }, SILENCE_LIMIT_MS);
}

/** The token to connect with: refreshed first when it has expired (or nearly). */
async function usableToken(): Promise<string | null> {
  const session = getSession();
  if (!session || session.kind !== 'full') return null;
  const claims = claimsOf(session.token);
  if (claims && claims.expiresAt * 1000 > Date.now() + 5000) return session.token;
  if (!(await refreshSession())) return null;
  return getSession()?.token ?? null;
}

/** the connection attempt under way (its token may be refreshing): one at a time */
let opening: Promise<void> | null = null;

function open(): Promise<void> {
  if (!opening) {
    opening = connect().finally(() => {
      opening = null;
    });
  }
  return opening;
}

async function connect(): Promise<void> {
  if (socket || following === 0) return;
  const token = await usableToken();
  // The session may have changed (or the socket been opened) while the token was refreshed.
  if (socket || following === 0 || !token || getSession()?.kind !== 'full') return;
  const claims = claimsOf(token);
  if (!claims) return;
  const next = new WebSocket(socketUrl(claims.userId, token));
  socket = next;
  socketUser = claims.userId;
  next.onopen = () => {
    failures = 0;
    watchSilence();
    const reconnected = openedFor === claims.userId;
    openedFor = claims.userId;
    callEach(openListeners, { reconnected });
  };
  next.onmessage = (event: MessageEvent) => {
    watchSilence();
    dispatch(event.data);
  };
  next.onerror = () => {
    // docs/notes/realtime-delivery.md: a socket error closes the socket and clears its handlers;
    // then it retries.
    drop(NORMAL_CLOSE);
    scheduleRetry();
  };
  next.onclose = (event: CloseEvent) => {
    drop();
    if (event.code === NORMAL_CLOSE) return;
    if (event.code === SESSION_ENDED_CLOSE) {
      // The session ended on the server: go on only if it can be refreshed.
      void refreshSession().then((ok) => {
        if (ok) scheduleRetry();
      });
      return;
    }
    scheduleRetry();
  };
}

/** Follows the session: opens for a full session, reopens for another account, closes else. */
function sync(): void {
  const session = getSession();
  const claims = session?.kind === 'full' ? claimsOf(session.token) : null;
  if (!claims) {
    clearTimers();
    drop();
    failures = 0;
    openedFor = null;
    return;
  }
  if (socket && socketUser === claims.userId) return;
  if (socket) drop();
  if (!retryTimer) void open();
}

/**
 * Keeps the tab's socket connected while signed in (the app providers call it once);
 * answers the function that lets it go (the socket closes when nobody follows).
 */
export function connectSocket(): () => void {
  following += 1;
  if (following === 1) {
    stopFollowing = subscribeSession(sync);
    sync();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    following -= 1;
    if (following > 0) return;
    stopFollowing?.();
    stopFollowing = undefined;
    clearTimers();
    drop();
    failures = 0;
    openedFor = null;
  };
}

/**
 * Sends a message to the server over the open socket (acknowledgements, typing notices);
 * answers false when no socket is open, and the message is dropped.
 */
export function sendSocket(message: SocketMessage): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

/** Whether a socket is open now (tests, diagnostics). */
export function socketOpen(): boolean {
  return socket?.readyState === WebSocket.OPEN;
}
