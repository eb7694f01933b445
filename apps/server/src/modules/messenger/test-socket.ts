import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A test's socket over the network like a browser's (app.listen on port 0). */

export type Received = Record<string, unknown>;

export interface TestSocket {
  socket: WebSocket;
  received: Received[];
  next(match: (m: Received) => boolean, ms?: number): Promise<Received>;
  onMessage(listener: (m: Received) => void): void;
  send(message: Received): void;
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

export async function openSocket(
  app: FastifyInstance,
  userId: number,
  token: string,
): Promise<TestSocket> {
  const port = await portOf(app);
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}/api/ws?user_id=${userId}&token=${encodeURIComponent(token)}`,
  );
  const received: Received[] = [];
  const listeners = new Set<(m: Received) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Received;
    received.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    onMessage: (listener) => listeners.add(listener),
    send: (message) => socket.send(JSON.stringify(message)),
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
