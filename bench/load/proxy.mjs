#!/usr/bin/env node
// The load balancer of the `scaled` set-up when nginx is not installed: a small Node proxy,
// round-robin over the instances for each HTTP request and each WebSocket (an upgrade is
// piped both ways to the instance it was given). Run as its own process so its CPU is
// counted apart from the servers' and the simulated people's.
//
// Failover, as nginx's `proxy_next_upstream error` does: an instance that refuses the
// connection is marked down and the request (its body is held until then) or the WebSocket
// goes to the next one; a down instance is tried again every second. A request that reached
// an instance which then died is not sent again (it may have been carried out): it gets 502.
// Over IPC ({ type: 'stats' }) it answers how many requests each instance got, how many
// went elsewhere after a refusal, and how many got 502.
//   PORT=8080 BACKENDS=127.0.0.1:3001,127.0.0.1:3002 node bench/load/proxy.mjs
import { Agent, createServer, request } from 'node:http';
import { connect } from 'node:net';

const port = Number(process.env.PORT ?? 8080);
const backends = (process.env.BACKENDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [host, p] = entry.split(':');
    return { host, port: Number(p), downUntil: 0, requests: 0, sockets: 0 };
  });
if (backends.length === 0) throw new Error('give BACKENDS=host:port,host:port');
const stats = { rerouted: 0, failed: 0, refused: 0 };
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const RETRY_DOWN_MS = 1000;
let next = 0;

/** The next instance not marked down (all down: the next one anyway, to try again). */
function pick(skip = new Set()) {
  const now = Date.now();
  for (let i = 0; i < backends.length; i += 1) {
    const backend = backends[next++ % backends.length];
    if (!skip.has(backend) && backend.downUntil <= now) return backend;
  }
  return backends.find((b) => !skip.has(b));
}
const refusedConnection = (error) => error?.code === 'ECONNREFUSED';
function markDown(backend) {
  backend.downUntil = Date.now() + RETRY_DOWN_MS;
  stats.refused += 1;
}

const server = createServer((incoming, outgoing) => {
  const chunks = [];
  incoming.on('data', (chunk) => chunks.push(chunk));
  incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), new Set()));
});

function forward(incoming, outgoing, body, tried) {
  const backend = pick(tried);
  if (!backend) {
    stats.failed += 1;
    outgoing.writeHead(502).end();
    return;
  }
  tried.add(backend);
  backend.requests += 1;
  const upstream = request(
    {
      host: backend.host,
      port: backend.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
      agent,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('error', () => outgoing.destroy());
    },
  );
  upstream.on('error', (error) => {
    if (refusedConnection(error) && !outgoing.headersSent) {
      // never reached the instance: safe to send to the next one
      markDown(backend);
      stats.rerouted += 1;
      forward(incoming, outgoing, body, tried);
      return;
    }
    stats.failed += 1;
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  upstream.end(body);
}

server.on('upgrade', (incoming, socket, head) => {
  const tried = new Set();
  const attempt = () => {
    const backend = pick(tried);
    if (!backend) {
      socket.destroy();
      return;
    }
    tried.add(backend);
    let connected = false;
    const upstream = connect(backend.port, backend.host, () => {
      connected = true;
      backend.sockets += 1;
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', (error) => {
      if (!connected && refusedConnection(error)) {
        markDown(backend);
        stats.rerouted += 1;
        attempt();
        return;
      }
      close();
    });
    upstream.on('close', () => connected && close());
    socket.on('error', close);
    socket.on('close', close);
  };
  attempt();
});

process.on('message', (message) => {
  if (message?.type !== 'stats') return;
  process.send({
    type: 'stats',
    ...stats,
    backends: backends.map((b) => ({
      backend: `${b.host}:${b.port}`,
      requests: b.requests,
      sockets: b.sockets,
      down: b.downUntil > Date.now(),
    })),
  });
});

server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
