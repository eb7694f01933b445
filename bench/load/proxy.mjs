#!/usr/bin/env node
// The load balancer of the `scaled` set-up when nginx is not installed: a small Node proxy,
// round-robin over the instances for each HTTP request and each WebSocket (an upgrade is
// piped both ways to the instance it was given). Run as its own process so its CPU is
// counted apart from the servers' and the simulated people's.
//   PORT=8080 BACKENDS=127.0.0.1:3001,127.0.0.1:3002 node bench/load/proxy.mjs
import { Agent, createServer, request } from 'node:http';
import { connect } from 'node:net';

const port = Number(process.env.PORT ?? 8080);
const backends = (process.env.BACKENDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [host, p] = entry.split(':');
    return { host, port: Number(p) };
  });
if (backends.length === 0) throw new Error('give BACKENDS=host:port,host:port');
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
const pick = () => backends[next++ % backends.length];

const server = createServer((incoming, outgoing) => {
  const backend = pick();
  const forward = request(
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
    },
  );
  forward.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forward);
});

server.on('upgrade', (incoming, socket, head) => {
  const backend = pick();
  const upstream = connect(backend.port, backend.host, () => {
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
  upstream.on('error', close);
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
});

server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
