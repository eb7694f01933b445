// The messenger's reference: a bare `ws` relay, measured in the same run as the product (as
// bench/ws-fanout.mjs is for the memo fan-out). A socket says who it is in its address
// (`/?user=12`); POST / with `{ to: [user ids], message: {...} }` answers at once, numbers the
// message in its thread (`seq`, as the product does) and writes it as JSON to every socket of
// those people. No database, no membership check, no authentication: what this machine needs
// to route one message to a thread's members, the floor under the product's own delivery.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 3903);
const socketsOf = new Map();
const lastSeq = new Map();

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.end('ready');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const { to, message } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const seq = (lastSeq.get(message.thread_id) ?? 0) + 1;
    lastSeq.set(message.thread_id, seq);
    const text = JSON.stringify({
      message_type: 'new_message',
      thread_id: message.thread_id,
      message: { ...message, seq },
    });
    response.writeHead(201).end();
    for (const userId of to) for (const socket of socketsOf.get(userId) ?? []) socket.send(text);
  });
});
new WebSocketServer({ server }).on('connection', (socket, request) => {
  const userId = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('user'));
  const set = socketsOf.get(userId) ?? new Set();
  set.add(socket);
  socketsOf.set(userId, set);
  socket.on('close', () => set.delete(socket));
  // the client acknowledges as it does to the product; the relay has nothing to record
  socket.on('message', () => {});
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
