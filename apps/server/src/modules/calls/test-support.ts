import type { FastifyInstance } from 'fastify';
import type { CallJoin } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import type { TestApp } from '../../test/harness.js';
import { scheduleCallSweep } from './index.js';
import { openTestSocket, type TestSocket } from '../../test/test-socket.js';

/** Helpers of the calls tests: a call socket over the network, as a browser opens it. */

export { ofType, type Received } from '../../test/test-socket.js';
export type CallSocket = TestSocket;

/** Opens /api/ws?call_ticket=…; rejects with the HTTP status when the upgrade is refused. */
export function openCallSocket(app: FastifyInstance, ticket: string): Promise<CallSocket> {
  return openTestSocket(app, `call_ticket=${encodeURIComponent(ticket)}`);
}

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
