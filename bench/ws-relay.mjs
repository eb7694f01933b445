// The messenger's reference: a bare `ws` relay, measured in the same run as the product (as
// bench/ws-fanout.mjs is for the memo fan-out). A socket says who it is in its address
// (`/?user=12`); POST / with `{ to: [user ids], message: {...} }` numbers the message in its
// thread (`seq`, as the product does), answers, and writes it as JSON to every socket of
// those people. No membership check, no authentication: what this machine needs to route one
// message to a thread's members, the floor under the product's own delivery.
//
// RELAY_STORE makes it the durable floor (docs/PERFORMANCE.md, Messenger): each message is
// committed before it is answered and delivered, as the product promises.
//   sqlite:<file>   WAL, synchronous FULL, messages arriving together share a commit
//   postgres:<url>  one INSERT per message (its own commit); with RELAY_REDIS=<url> the
//                   message then goes through a Redis channel to the sockets, as with
//                   several instances
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 3903);
const socketsOf = new Map();
const lastSeq = new Map();
/** per thread, the last message's way out: messages leave in number order, as the product's */
const tails = new Map();
const store = await storeOf(process.env.RELAY_STORE ?? '');
const route = await routeOf(process.env.RELAY_REDIS ?? '');

function deliver(to, text) {
  for (const userId of to) for (const socket of socketsOf.get(userId) ?? []) socket.send(text);
}

/** Where messages are kept before they go out: nowhere, SQLite or PostgreSQL. */
async function storeOf(spec) {
  const TABLE = 'bench_relay_messages';
  const ddl = `create table if not exists ${TABLE} (thread_id integer not null, seq integer not null, body text not null, primary key (thread_id, seq))`;
  if (spec.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(spec.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(ddl);
    const insert = db.prepare(`insert into ${TABLE} values (?, ?, ?)`);
    const writeAll = db.transaction((batch) => {
      for (const item of batch) insert.run(item.threadId, item.seq, item.text);
    });
    let pending = [];
    // what arrives while a commit runs (it holds the thread, as better-sqlite3 does in the
    // product) goes into the next one
    return (threadId, seq, text) =>
      new Promise((resolve) => {
        pending.push({ threadId, seq, text, resolve });
        if (pending.length > 1) return;
        setImmediate(() => {
          const batch = pending;
          pending = [];
          writeAll(batch);
          for (const item of batch) item.resolve();
        });
      });
  }
  if (spec.startsWith('postgres:')) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: spec.slice('postgres:'.length), max: 20 });
    await pool.query(ddl);
    await pool.query(`truncate ${TABLE}`);
    return async (threadId, seq, text) => {
      await pool.query(`insert into ${TABLE} values ($1, $2, $3)`, [threadId, seq, text]);
    };
  }
  return async () => {};
}

/** How a stored message reaches the sockets: directly, or through a Redis channel. */
async function routeOf(redisUrl) {
  if (!redisUrl) return deliver;
  const { Redis } = await import('ioredis');
  const channel = `bench-relay-${process.pid}`;
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel, raw) => {
    const newline = raw.indexOf('\n');
    deliver(raw.slice(0, newline).split(',').map(Number), raw.slice(newline + 1));
  });
  return (to, text) => void publisher.publish(channel, `${to.join(',')}\n${text}`);
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.end('ready');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const { to, message } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const seq = (lastSeq.get(message.thread_id) ?? 0) + 1;
    lastSeq.set(message.thread_id, seq);
    const text = JSON.stringify({
      message_type: 'new_message',
      thread_id: message.thread_id,
      message: { ...message, seq },
    });
    const previous = tails.get(message.thread_id);
    const stored = store(message.thread_id, seq, text);
    const turn = previous ? Promise.all([previous, stored]) : stored;
    tails.set(message.thread_id, turn);
    await turn;
    if (tails.get(message.thread_id) === turn) tails.delete(message.thread_id);
    response.writeHead(201).end();
    route(to, text);
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
