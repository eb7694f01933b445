import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { CallJoin } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import type { TestApp } from '../../test/harness.js';
import { scheduleCallSweep } from './index.js';

/** Helpers of the calls tests: a call socket over the network, as a browser opens it. */

export type Received = Record<string, unknown>;

export interface CallSocket {
  socket: WebSocket;
  received: Received[];
  next(match: (m: Received) => boolean, ms?: number): Promise<Received>;
  send(message: Received | string): void;
  closed: Promise<{ code: number }>;
}

const ports = new WeakMap<FastifyInstance, number>();

async function portOf(app: FastifyInstance): Promise<number> {
  let port = ports.get(app);
  if (port === undefined) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    ports.set(app, port);
  }
  return port;
}

/** Opens /api/ws?call_ticket=…; rejects with the HTTP status when the upgrade is refused. */
export async function openCallSocket(app: FastifyInstance, ticket: string): Promise<CallSocket> {
  const port = await portOf(app);
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}/api/ws?call_ticket=${encodeURIComponent(ticket)}`,
  );
  const received: Received[] = [];
  const listeners = new Set<(m: Received) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Received;
    received.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  const closed = new Promise<{ code: number }>((resolve) => {
    socket.once('close', (code) => resolve({ code }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const found = received.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching message; got ${JSON.stringify(received)}`));
        }, ms);
        const check = (m: Received) => {
          if (!match(m)) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(m);
        };
        listeners.add(check);
      });
    },
  };
}

export const ofType = (type: string) => (m: Received) => m.message_type === type;

type Headers = Record<string, string>;

export function startCall(t: TestApp, headers: Headers, collectionId: string, lobby?: boolean) {
  return t.app.inject({
    method: 'POST',
    url: `/api/collection/${collectionId}/call`,
    headers,
    payload: lobby === undefined ? {} : { lobby },
  });
}

export function joinWithLink(t: TestApp, token: string, name?: string, headers: Headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/call/join',
    headers,
    payload: name === undefined ? { token } : { token, name },
  });
}

export async function callToken(
  t: TestApp,
  headers: Headers,
  collectionId: string,
  refresh = false,
) {
  const res = await t.app.inject({
    url: `/api/collection/${collectionId}/secure-token${refresh ? '?refresh=1' : ''}`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().call_secure_token as string;
}

export const joined = (body: string) => JSON.parse(body) as CallJoin;

/**
 * What an instance that stopped leaves behind: these participants' sockets opened long ago
 * and nobody has vouched for them since.
 */
export async function lastSeenLongAgo(database: Database, ids: number[]): Promise<void> {
  const { db, dialect: d } = database;
  const then = d.time(new Date(Date.now() - 10 * 60_000));
  await db
    .updateTable('call_participants')
    .set({ connected_at: then, seen_at: then })
    .where('id', 'in', ids)
    .execute();
}

/** Runs the calls sweep now, as the job queue would. */
export async function runSweep(app: FastifyInstance): Promise<void> {
  await scheduleCallSweep(app.jobs, new Date());
  await app.jobs.runDue();
}

/** The collection's newest call as its history shows it. */
export async function newestCall(t: TestApp, headers: Headers, collectionId: string) {
  const res = await t.app.inject({
    url: `/api/collection/${collectionId}/calls`,
    headers: { ...headers, accept: 'application/ld+json' },
  });
  return res.json()['hydra:member'][0] as {
    ended_at: string | null;
    participants: { name: string; left_at: string | null }[];
  };
}
