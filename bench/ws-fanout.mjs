// The real-time reference: a bare `ws` server, measured in the same run as the product (as the
// Fastify hello-world is for HTTP). POST / answers at once, then writes the request's body as
// one text message to every open socket, 200 sockets per event-loop turn as the product's hub
// does. No database, no audience, no JSON: what this machine needs to get one message onto N
// sockets, the floor under the product's own fan-out.
//
// PROCESSES=n (default 1) spreads the sockets over n cluster workers sharing the port; the
// worker that gets the POST hands the text to the others through the primary. That is what
// several server instances behind a broker would gain on this machine at best.
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WebSocketServer } from 'ws';

const BATCH = 200;
const port = Number(process.env.PORT ?? 3902);
const processes = Number(process.env.PROCESSES ?? 1);
const spread = processes > 1;

if (spread && cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === processes) process.send?.('ready');
  });
  cluster.on('message', (_worker, message) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(message);
  });
  for (let i = 0; i < processes; i += 1) cluster.fork();
} else {
  const sockets = new Set();

  const fanOut = async (text) => {
    let sent = 0;
    for (const socket of [...sockets]) {
      socket.send(text);
      sent += 1;
      if (sent % BATCH === 0) await nextTurn();
    }
  };
  if (spread) process.on('message', (message) => void fanOut(message.text));

  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.end('ready');
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const text = Buffer.concat(chunks).toString('utf8');
      if (spread) process.send({ text });
      else void fanOut(text);
    });
  });
  new WebSocketServer({ server }).on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(port, '127.0.0.1', () => {
    if (!spread) process.send?.('ready');
  });
}
