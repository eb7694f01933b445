#!/usr/bin/env node
// The fan-out alone: the server's hub (apps/server/src/realtime/hub.ts, the code the built
// server runs) writing one message to N WebSockets, the clients in another process so that
// their reading does not share this process's event loop. Measured per send: the time the
// hub takes to hand the message to every socket, the longest the event loop was held, and
// the time until the last client has it (one machine, one clock).
//
//   node --import tsx bench/realtime-hub.mjs [--sockets 1000,2000] [--rounds 50]
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';

const now = () => performance.timeOrigin + performance.now();
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

if (process.argv[2] === 'clients') {
  // The client process: opens the sockets, tells the parent when the last one got each round.
  const [port, count] = process.argv.slice(3).map(Number);
  const sockets = [];
  let expected = 0;
  let got = 0;
  let last = 0;
  for (let i = 1; i <= count; i += 1) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/?user=${i}`);
    socket.on('message', (data) => {
      const at = now();
      const message = JSON.parse(String(data));
      if (message.round !== expected) return;
      got += 1;
      last = Math.max(last, at);
      if (got === count) process.send({ round: expected, last });
    });
    await new Promise((resolve) => socket.once('open', resolve));
    sockets.push(socket);
  }
  process.on('message', (message) => {
    if (message.expect !== undefined) {
      expected = message.expect;
      got = 0;
      last = 0;
      process.send({ ready: expected });
    } else if (message.stop) {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
  });
  process.send({ open: count });
} else {
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string', default: '1000,2000' },
      rounds: { type: 'string', default: '50' },
    },
  });
  const { createLocalHub } = await import('../apps/server/src/realtime/hub.ts');
  const rows = [];
  for (const count of values.sockets.split(',').map(Number)) {
    const hub = createLocalHub();
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (socket, request) => {
      const userId = Number(new URL(request.url, 'http://x').searchParams.get('user'));
      const detach = hub.attach(userId, { send: (text) => socket.send(text) });
      socket.on('close', detach);
    });
    const clients = fork(fileURLToPath(import.meta.url), [
      'clients',
      String(server.address().port),
      String(count),
    ]);
    const next = (match) =>
      new Promise((resolve) => {
        const listener = (message) => {
          if (!match(message)) return;
          clients.off('message', listener);
          resolve(message);
        };
        clients.on('message', listener);
      });
    await next((m) => m.open === count);
    const userIds = Array.from({ length: count }, (_, i) => i + 1);
    const handed = [];
    const arrived = [];
    const held = [];
    const cpu = [];
    const loop = monitorEventLoopDelay({ resolution: 1 });
    for (let round = -5; round < Number(values.rounds); round += 1) {
      clients.send({ expect: round });
      await next((m) => m.ready === round);
      const done = next((m) => m.round === round);
      loop.reset();
      loop.enable();
      const start = now();
      const cpuStart = process.cpuUsage();
      await hub.sendToUsers(userIds, {
        message_type: 'memo_changed',
        memo_id: 1,
        change: 'comment',
        round,
      });
      const handedAt = now();
      const used = process.cpuUsage(cpuStart);
      const { last } = await done;
      loop.disable();
      if (round < 0) continue;
      handed.push(handedAt - start);
      arrived.push(last - start);
      held.push(loop.max / 1e6);
      cpu.push((used.user + used.system) / 1000);
    }
    for (const list of [handed, arrived, held, cpu]) list.sort((a, b) => a - b);
    rows.push({ count, handed, arrived, held, cpu });
    clients.send({ stop: true });
    await hub.close();
    server.close();
  }
  const f = (v) => v.toFixed(1);
  console.log(
    `\nhub fan-out, ${values.rounds} sends each, node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    '| sockets | handed to all p50 ms | p99 ms | CPU time of the send p50 ms | last socket has it p50 ms | p99 ms | max ms | event loop held max ms (p50 of sends) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { count, handed, arrived, held, cpu } of rows) {
    console.log(
      `| ${count} | ${f(quantile(handed, 0.5))} | ${f(quantile(handed, 0.99))} | ${f(quantile(cpu, 0.5))} | ${f(quantile(arrived, 0.5))} | ${f(quantile(arrived, 0.99))} | ${f(arrived[arrived.length - 1])} | ${f(quantile(held, 0.5))} |`,
    );
  }
}
