#!/usr/bin/env node
// What encoding a message once saves the server (realtime/hub.ts): a `ws` server writes one
// ~1 KB JSON message to 1,000 sockets (held by four client processes), either as a string per
// socket (ws measures and encodes it to UTF-8 for each) or as one Buffer shared by all (encoded
// once, written as a text frame without a copy). Rounds of 20 messages alternate the two ways;
// the server's CPU per socket write is read with process.cpuUsage around each round.
//
//   node bench/ws-shared-bytes.mjs
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { WebSocket, WebSocketServer } from 'ws';

const SOCKETS = 1000;
const CLIENTS = 4;
const ROUNDS = 20;
const PER_ROUND = 20;

if (process.argv[2] === 'client') {
  const port = Number(process.argv[3]);
  let open = 0;
  for (let i = 0; i < SOCKETS / CLIENTS; i += 1) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    socket.on('open', () => {
      open += 1;
      if (open === SOCKETS / CLIENTS) process.send?.('ready');
    });
    socket.on('message', () => undefined);
  }
} else {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.on('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const clients = Array.from({ length: CLIENTS }, () =>
    fork(fileURLToPath(import.meta.url), ['client', String(port)]),
  );
  await Promise.all(
    clients.map((child) => new Promise((resolve) => child.once('message', resolve))),
  );
  const sockets = [...server.clients];
  const text = JSON.stringify({
    message_type: 'new_message',
    thread_id: 12,
    message: {
      id: 123456,
      '@id': '/api/thread/message/123456',
      description: `${'x'.repeat(600)} héllo 👋`,
      user: { id: 77, name: 'Person Seventy-seven', picture: null, label: 'PS' },
      created_at: '2026-11-29T10:00:00.000+00:00',
      seq: 4321,
      status: 'sent',
      read_by_users: [],
      reactions: [],
    },
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  const ways = {
    string: () => {
      for (const socket of sockets) socket.send(text);
    },
    'shared bytes': () => {
      const utf8 = Buffer.from(text);
      for (const socket of sockets) socket.send(utf8, { binary: false });
    },
  };
  /** @type {Record<string, number[]>} */
  const perWrite = { string: [], 'shared bytes': [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ['string', 'shared bytes'] : ['shared bytes', 'string'];
    for (const way of order) {
      const before = process.cpuUsage();
      for (let i = 0; i < PER_ROUND; i += 1) {
        ways[way]();
        await pause();
      }
      const used = process.cpuUsage(before);
      perWrite[way].push((used.user + used.system) / (PER_ROUND * SOCKETS));
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `${Buffer.byteLength(text)} bytes to ${SOCKETS} sockets, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}: server CPU per socket write, median of ${ROUNDS} rounds: string ${median(
      perWrite.string,
    ).toFixed(2)} µs, shared bytes ${median(perWrite['shared bytes']).toFixed(2)} µs`,
  );
  for (const child of clients) child.kill();
  server.close();
}
