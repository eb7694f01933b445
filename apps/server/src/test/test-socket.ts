import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/**
 * A test's WebSocket over the network, as a browser opens it (app.listen on port 0): every
 * message it received, waiting for the next that matches, and how it closed.
 */

export type Received = Record<string, unknown>;

export interface TestSocket {
  socket: WebSocket;
  received: Received[];
  /** the first message received (or still to come) that matches; rejects after `ms` */
  next(match: (m: Received) => boolean, ms?: number): Promise<Received>;
  onMessage(listener: (m: Received) => void): void;
  send(message: Received | string): void;
  closed: Promise<{ code: number; reason: string }>;
}

const ports = new WeakMap<FastifyInstance, number>();

/** The app's port, listening on the first call. */
export async function portOf(app: FastifyInstance): Promise<number> {
  let port = ports.get(app);
  if (port === undefined) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    ports.set(app, port);
  }
  return port;
}

/**
 * Opens `/api/ws?<query>`; rejects with the HTTP status when the upgrade is refused.
 * `autoPong: false` leaves the server's pings unanswered (a socket gone silent).
 */
export async function openTestSocket(
  app: FastifyInstance,
  query: string,
  options: { autoPong?: boolean } = {},
): Promise<TestSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${await portOf(app)}/api/ws?${query}`, options);
  const received: Received[] = [];
  const listeners = new Set<(m: Received) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Received;
    received.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
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
    onMessage: (listener) => listeners.add(listener),
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
