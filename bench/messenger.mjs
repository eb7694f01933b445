#!/usr/bin/env node
// The messenger at scale (issue 21, Scale). N signed-in people, each with one socket, are put
// in threads of 2 to 50 members (consecutive users, so every member is among the creator's
// generated connections; a thread of two is a direct one). For --duration seconds a steady
// --rate of messages a second is sent, each by a random member of a random thread, through
// POST /api/thread/message with a client key; every member's socket acknowledges each
// new_message as the web app does. Measured: from the send leaving the client to the message
// reaching each member's socket (p50, p99), messages lost or out of order per socket and
// thread (by `seq`), and the server's CPU and memory (from /proc).
//
// The reference, in the same run on the same clients and schedule: a bare `ws` relay
// (bench/ws-relay.mjs) routing each message to the thread's members. Then the HTTP reads a
// thread view makes, with autocannon beside a Fastify hello-world: a thread's newest page and
// the thread list of a person in 50 threads; the server runs with ANSWER_CACHE_MB=0 throughout
// (the messenger keeps no answers, so this is what every read costs), and the cold path too:
// the first read of each thread's newest page, timed once per thread.
//
//   npm run build -w @memoria/server && node bench/messenger.mjs
//   options: --users 2000 --rate 300 --duration 60 [--data-dir DIR]
//            [--database-url postgres://…] [--redis-url redis://127.0.0.1:6379]
// Without --data-dir the users are generated in a temporary folder (bench/generate.mjs, each
// connected with the next 49).
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { freePort, root, startServer, waitFor } from './support.mjs';
import { measure, printTable } from './measure.mjs';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '300' },
    duration: { type: 'string', default: '60' },
    'min-members': { type: 'string', default: '2' },
    'max-members': { type: 'string', default: '50' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    // the send phases only: no HTTP reads after them (quick before/after comparisons)
    'sends-only': { type: 'boolean', default: false },
    // after each phase, the seconds whose deliveries were slowest (to see what they line up with)
    timeline: { type: 'boolean', default: false },
    // a third phase: the relay committing each message to the same kind of database first
    'durable-floor': { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const rate = Number(values.rate);
const durationSeconds = Number(values.duration);
const minMembers = Number(values['min-members']);
const maxMembers = Number(values['max-members']);
const pgUrl = values['database-url'];
const redisUrl = values['redis-url'] ?? '';
const engine = `${pgUrl ? 'PostgreSQL' : 'SQLite'}${redisUrl ? ' + Redis' : ''}`;
// a list reader in this many threads (one group, the rest direct ones it opens)
const LIST_THREADS = 50;
// a send not answered by then counts as failed (an overloaded server would hold the run)
const SEND_TIMEOUT_MS = 30_000;

const ownData = !values['data-dir'];
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'memoria-messenger-'));
if (!existsSync(join(dataDir, 'bench-manifest.json'))) {
  console.log(`generating ${users} users in ${dataDir} …`);
  execFileSync(
    process.execPath,
    [
      join(root, 'bench/generate.mjs'),
      '--data-dir',
      dataDir,
      ...(pgUrl ? ['--database-url', pgUrl] : []),
      '--users',
      String(users),
      '--memos',
      String(users),
      '--contacts',
      String(maxMembers - 1),
      '--follows',
      '1',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
if (manifest.users < users) throw new Error(`the data set has only ${manifest.users} users`);

const quantile = (sorted, q) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value) => value.toFixed(1);
const sleep = (time) => new Promise((resolve) => setTimeout(resolve, time));

async function json(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function inParallel(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function processUsage(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { cpu: ticks / 100, rssMb: Number(rss ?? 0) / 1024 };
  } catch {
    return { cpu: NaN, rssMb: NaN };
  }
}

/**
 * The CPU seconds of the PostgreSQL server processes serving the bench's database (its
 * backends, found by their process title), for the database shares the machine's cores
 * with the server and the bench's clients. Backends come and go (the pool replaces them):
 * each one counts from when it was first seen, from zero if it started after `start`.
 */
function postgresCpu() {
  if (!pgUrl) return () => 0;
  const database = new URL(pgUrl).pathname.slice(1);
  const seen = new Map();
  const look = (first) => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let title;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith(`postgres: `) || !title.includes(` ${database} `)) continue;
      const { cpu } = processUsage(Number(entry));
      if (!Number.isFinite(cpu)) continue;
      const known = seen.get(entry);
      if (known) known.last = cpu;
      else seen.set(entry, { first: first ? cpu : 0, last: cpu });
    }
  };
  look(true);
  const timer = setInterval(() => look(false), 500);
  return () => {
    clearInterval(timer);
    look(false);
    return [...seen.values()].reduce((sum, { first, last }) => sum + last - first, 0);
  };
}

/**
 * Samples a process every second while a phase runs: CPU share and peak memory; also the CPU
 * of the given PostgreSQL backends and of this bench process (the clients).
 */
function watch(pid, database = false) {
  const start = processUsage(pid);
  const pgCpu = database ? postgresCpu() : () => 0;
  const clientStart = process.cpuUsage();
  const startedAt = performance.now();
  let peak = start.rssMb;
  const timer = setInterval(() => {
    const { rssMb } = processUsage(pid);
    if (Number.isFinite(rssMb)) peak = Math.max(peak, rssMb);
  }, 1000);
  return () => {
    clearInterval(timer);
    const end = processUsage(pid);
    const seconds = (performance.now() - startedAt) / 1000;
    const client = process.cpuUsage(clientStart);
    return {
      cpuSeconds: end.cpu - start.cpu,
      pgCpuSeconds: pgCpu(),
      clientCpuSeconds: (client.user + client.system) / 1e6,
      cpuPercent: ((end.cpu - start.cpu) / seconds) * 100,
      peakMb: Math.max(peak, end.rssMb),
    };
  };
}

// Sends go over a bounded pool of kept-alive connections, as a load balancer or a browser
// population would reach the server: fetch opens a new connection for every send waiting,
// and at 300 a second on a loaded machine that was thousands of connections (the kernel
// logged a SYN flood) and measured the client, not the server. A send queued for a
// connection counts its wait in its time.
const senders = new Agent({ keepAlive: true, maxSockets: 64 });
/** POST `body` (JSON text); answers { ok, status } once the answer is read, or throws. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      url,
      {
        method: 'POST',
        agent: senders,
        headers: { ...headers, 'content-type': 'application/json' },
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ ok: response.statusCode < 300, status: response.statusCode }),
        );
        response.on('error', reject);
      },
    );
    call.on('timeout', () => call.destroy(new Error('send timed out')));
    call.on('error', reject);
    call.end(body);
  });
}

const helloPort = await freePort();
const hello = fork(join(root, 'bench/hello-world.mjs'), {
  env: { ...process.env, PORT: String(helloPort) },
});
const relayPort = await freePort();
const relay = fork(join(root, 'bench/ws-relay.mjs'), {
  env: { ...process.env, PORT: String(relayPort) },
});
// the durable floor: the relay storing each message as the product does before it goes out
const durablePort = await freePort();
const durable = values['durable-floor']
  ? fork(join(root, 'bench/ws-relay.mjs'), {
      env: {
        ...process.env,
        PORT: String(durablePort),
        RELAY_STORE: pgUrl ? `postgres:${pgUrl}` : `sqlite:${join(dataDir, 'relay.sqlite')}`,
        RELAY_REDIS: redisUrl,
      },
    })
  : undefined;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: pgUrl ?? '',
  REDIS_URL: redisUrl,
  RATE_LIMIT_PER_MINUTE: '100000000',
  ANSWER_CACHE_MB: '0',
});
const open = [];

try {
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  await waitFor(`http://127.0.0.1:${relayPort}/`);
  if (durable) await waitFor(`http://127.0.0.1:${durablePort}/`);
  const login = async (n) => {
    const answer = await json(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usermail: `bench${n}@example.test`, password: manifest.password }),
      }),
    );
    return {
      id: n,
      token: answer.token,
      headers: { authorization: `Bearer ${answer.token}`, 'content-type': 'application/json' },
    };
  };
  let t0 = performance.now();
  const people = await inParallel(
    Array.from({ length: users }, (_, i) => i + 1),
    4,
    login,
  );
  const person = (id) => people[id - 1];
  console.log(`${users} logins in ${Math.round(performance.now() - t0)} ms`);

  // Consecutive blocks of 2, 3, … maxMembers people; the first of each creates the thread.
  const blocks = [];
  for (let first = 1, size = minMembers; first + 1 <= users;) {
    const members = Array.from({ length: Math.min(size, users - first + 1) }, (_, i) => first + i);
    if (members.length >= 2) blocks.push(members);
    first += members.length;
    size = size >= maxMembers ? minMembers : size + 1;
  }
  t0 = performance.now();
  const threads = await inParallel(blocks, 4, async (members) => {
    const [creator, ...others] = members;
    const direct = members.length === 2;
    const thread = await json(
      await fetch(`${base}/api/thread`, {
        method: 'POST',
        headers: person(creator).headers,
        body: JSON.stringify({
          thread_type: direct ? 'direct' : 'group',
          ...(direct ? {} : { name: `Bench group of ${members.length}` }),
          users: others.map((id) => `/api/user/${id}`),
        }),
      }),
    );
    return { id: thread.id, members };
  });
  const inAThread = new Set(threads.flatMap((thread) => thread.members));
  const memberCount = threads.reduce((sum, thread) => sum + thread.members.length, 0);
  console.log(
    `${threads.length} threads (${memberCount} memberships) in ${Math.round(performance.now() - t0)} ms`,
  );

  // The list reader: user 1 also opens direct threads with the next people until it is in
  // LIST_THREADS threads, each with a message (its first block already has a direct with 2).
  const reader = person(1);
  for (let other = 3; other <= LIST_THREADS + 1 && other <= users; other += 1) {
    const made = await fetch(`${base}/api/thread`, {
      method: 'POST',
      headers: reader.headers,
      body: JSON.stringify({ thread_type: 'direct', users: [`/api/user/${other}`] }),
    });
    const thread = made.ok ? await made.json() : undefined;
    if (!thread) continue;
    await json(
      await fetch(`${base}/api/thread/message`, {
        method: 'POST',
        headers: reader.headers,
        body: JSON.stringify({ thread: `/api/thread/${thread.id}`, description: 'Hello' }),
      }),
    );
  }

  /**
   * One socket per person; each records when each message reached it, by key, and checks
   * that every thread's numbers come one after the other.
   */
  const sentAt = new Map();
  /**
   * sockets closed by the other side since they opened, by close code and reason (a socket
   * closed before a phase begins loses all of it, so closures are counted from the opening)
   */
  const closedSockets = new Map();
  let productSample;
  async function openSockets(addressOf, acknowledge) {
    const sockets = [];
    closedSockets.clear();
    await inParallel(people, 50, async (who) => {
      const socket = new WebSocket(addressOf(who));
      const tab = {
        id: who.id,
        socket,
        lastSeq: new Map(),
        received: 0,
        outOfOrder: 0,
        duplicates: 0,
      };
      // a socket the server closes during a phase loses what comes after: say so, with why
      socket.on('close', (code, reason) => {
        if (tab.ending) return;
        const why = `${code} ${String(reason)}`.trim();
        closedSockets.set(why, (closedSockets.get(why) ?? 0) + 1);
      });
      socket.on('message', (data) => {
        const at = performance.now();
        const event = JSON.parse(String(data));
        if (event.message_type !== 'new_message') return;
        const { message } = event;
        productSample ??= message;
        const started = sentAt.get(message.key);
        if (started === undefined) return;
        latencies.push(at - started);
        if (values.timeline) timeline.push([started, at - started]);
        tab.received += 1;
        const last = tab.lastSeq.get(event.thread_id) ?? message.seq - 1;
        if (message.seq === last) tab.duplicates += 1;
        else if (message.seq !== last + 1) tab.outOfOrder += 1;
        tab.lastSeq.set(event.thread_id, Math.max(last, message.seq));
        if (acknowledge) {
          socket.send(
            JSON.stringify({
              message_type: 'new_message',
              message_id: message['@id'],
              thread_id: event.thread_id,
            }),
          );
        }
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      sockets.push(tab);
      open.push(tab);
    });
    return sockets;
  }

  /** the bench closing a socket itself: not counted as closed by the other side */
  const end = (tab) => {
    tab.ending = true;
    tab.socket.terminate();
  };
  let latencies = [];
  /** [sent at, latency] of every delivery, with --timeline */
  let timeline = [];
  /** the slowest seconds of a phase by p99, with the phase's start as 0 */
  function slowestSeconds(startedAt) {
    const bySecond = new Map();
    for (const [sent, latency] of timeline) {
      const second = Math.floor((sent - startedAt) / 1000);
      if (!bySecond.has(second)) bySecond.set(second, []);
      bySecond.get(second).push(latency);
    }
    const rows = [...bySecond].map(([second, list]) => {
      list.sort((a, b) => a - b);
      return { second, p99: quantile(list, 0.99), max: list[list.length - 1] };
    });
    rows.sort((a, b) => a.second - b.second);
    // the start apart from the rest: the first ten seconds in order, then the others' spread
    const first = rows
      .filter((r) => r.second < 10)
      .map((r) => `${r.second}s ${r.p99.toFixed(0)}`)
      .join(', ');
    const rest = rows
      .filter((r) => r.second >= 10)
      .map((r) => r.p99)
      .sort((a, b) => a - b);
    const spread = rest.length
      ? `median ${quantile(rest, 0.5).toFixed(0)}, p90 ${quantile(rest, 0.9).toFixed(0)}, ` +
        `max ${rest[rest.length - 1].toFixed(0)}`
      : 'none';
    rows.sort((a, b) => b.p99 - a.p99);
    const slowest = rows
      .slice(0, 12)
      .map((r) => `${r.second}s p99 ${r.p99.toFixed(0)} max ${r.max.toFixed(0)}`)
      .join('; ');
    return `${slowest}\n  p99 of each of the first seconds: ${first}\n  p99 of the later seconds: ${spread}`;
  }
  /**
   * Sends `rate` messages a second for the duration through `send`, waits until every member
   * got them (or 15 s), and answers the figures of the phase.
   */
  async function phase(label, tabs, send, pid, database = false) {
    latencies = [];
    timeline = [];
    sentAt.clear();
    for (const tab of tabs) tab.lastSeq.clear();
    for (const tab of tabs) {
      tab.received = 0;
      tab.outOfOrder = 0;
      tab.duplicates = 0;
    }
    const stopWatching = watch(pid, database);
    const total = rate * durationSeconds;
    let expected = 0;
    let failed = 0;
    const answers = [];
    const pending = [];
    const startedAt = performance.now();
    for (let n = 0; n < total; n += 1) {
      // the n-th send is due at n / rate seconds: a steady rate, not bursts
      const due = startedAt + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const thread = threads[Math.floor(Math.random() * threads.length)];
      const author = thread.members[Math.floor(Math.random() * thread.members.length)];
      const key = `${label}-${n}`;
      expected += thread.members.length;
      const start = performance.now();
      sentAt.set(key, start);
      pending.push(
        send(thread, author, key)
          .then((response) => {
            answers.push(performance.now() - start);
            if (!response.ok) failed += 1;
          })
          .catch(() => {
            failed += 1;
          }),
      );
    }
    const sendSeconds = (performance.now() - startedAt) / 1000;
    await Promise.all(pending);
    const received = () => tabs.reduce((sum, tab) => sum + tab.received, 0);
    for (let i = 0; i < 150 && received() < expected; i += 1) await sleep(100);
    const usage = stopWatching();
    if (closedSockets.size > 0) {
      console.log(
        `${label}: sockets closed since they opened: ${JSON.stringify([...closedSockets])}`,
      );
    }
    if (values.timeline) console.log(`${label}: slowest seconds: ${slowestSeconds(startedAt)}`);
    const silent = tabs.filter((tab) => tab.received === 0 && inAThread.has(tab.id)).length;
    if (silent > 0)
      console.log(`${label}: ${silent} sockets received none of the phase's messages`);
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    return {
      label,
      messages: total,
      sendSeconds,
      deliveries: received(),
      lost: expected - received(),
      outOfOrder: tabs.reduce((sum, tab) => sum + tab.outOfOrder, 0),
      duplicates: tabs.reduce((sum, tab) => sum + tab.duplicates, 0),
      failed,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies[latencies.length - 1],
      answerP50: quantile(answers, 0.5),
      answerP99: quantile(answers, 0.99),
      ...usage,
    };
  }

  t0 = performance.now();
  const productTabs = await openSockets(
    (who) =>
      `ws://127.0.0.1:${port}/api/ws?user_id=${who.id}&token=${encodeURIComponent(who.token)}`,
    true,
  );
  console.log(`${productTabs.length} sockets open in ${Math.round(performance.now() - t0)} ms`);
  const product = await phase(
    `product`,
    productTabs,
    (thread, author, key) =>
      post(
        `${base}/api/thread/message`,
        person(author).headers,
        JSON.stringify({
          thread: `/api/thread/${thread.id}`,
          description: `Bench message ${key}`,
          key,
        }),
      ),
    server.pid,
    true,
  );
  for (const tab of productTabs) end(tab);

  // The relay gets a message shaped as the product's (one it delivered, key changed).
  const sample = productSample ?? {};
  t0 = performance.now();
  const relayTabs = await openSockets((who) => `ws://127.0.0.1:${relayPort}/?user=${who.id}`, true);
  console.log(`${relayTabs.length} relay sockets open in ${Math.round(performance.now() - t0)} ms`);
  const relaySend = (relayAt) => (thread, author, key) =>
    post(
      `http://127.0.0.1:${relayAt}/`,
      {},
      JSON.stringify({
        to: thread.members,
        message: {
          ...sample,
          key,
          thread_id: thread.id,
          user: { ...sample.user, id: author },
          description: `Bench message ${key}`,
        },
      }),
    );
  const floor = await phase('relay', relayTabs, relaySend(relayPort), relay.pid);
  for (const tab of relayTabs) end(tab);
  let durableFloor;
  if (durable) {
    const durableTabs = await openSockets(
      (who) => `ws://127.0.0.1:${durablePort}/?user=${who.id}`,
      true,
    );
    durableFloor = await phase(
      'durable relay',
      durableTabs,
      relaySend(durablePort),
      durable.pid,
      Boolean(pgUrl),
    );
    for (const tab of durableTabs) end(tab);
  }

  const sizes = threads.map((thread) => thread.members.length);
  console.log(
    `\n${engine}, node ${process.version}, ${users} people in ${threads.length} threads of ${Math.min(...sizes)}-${Math.max(...sizes)} members, ${rate} messages/s for ${durationSeconds} s, every socket acknowledging; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    '| what | messages | sent in s | deliveries | send → socket p50 ms | p99 ms | max ms | lost | out of order | duplicates | failed sends | HTTP answer p50 / p99 ms | CPU % | peak RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of [product, floor, durableFloor].filter(Boolean)) {
    const title =
      row === product
        ? `Memoria (${engine})`
        : row === floor
          ? 'bare `ws` relay (reference, same run)'
          : `durable relay: ${engine}, a commit before each goes out (same run)`;
    console.log(
      `| ${title} | ${row.messages} | ${row.sendSeconds.toFixed(1)} | ${row.deliveries} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.lost} | ${row.outOfOrder} | ${row.duplicates} | ${row.failed} | ${ms(row.answerP50)} / ${ms(row.answerP99)} | ${Math.round(row.cpuPercent)} | ${Math.round(row.peakMb)} |`,
    );
  }
  console.log(
    `\np99 ratio to the relay: ${(product.p99 / floor.p99).toFixed(1)}×${durableFloor ? `, to the durable relay: ${(product.p99 / durableFloor.p99).toFixed(1)}×` : ''}; load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const perMessage = (seconds) => ((seconds * 1000) / product.messages).toFixed(2);
  console.log(
    `CPU per message sent (the whole phase, deliveries included): server ${perMessage(product.cpuSeconds)} ms` +
      (pgUrl ? `, PostgreSQL backends ${perMessage(product.pgCpuSeconds)} ms` : '') +
      `, bench clients ${perMessage(product.clientCpuSeconds)} ms (relay phase: ${perMessage(floor.clientCpuSeconds)} ms)\n`,
  );
  if (!values['sends-only']) {
    // The access tokens of the start may have run out on a slow machine: sign in afresh.
    const fresh = new Map();
    await inParallel(
      [...new Set([1, ...threads.map((thread) => thread.members[0])])],
      4,
      async (id) => fresh.set(id, await login(id)),
    );
    // HTTP reads: the newest page of a 50-member group with messages, and user 1's list.
    const busiest = threads.find((thread) => thread.members.length === maxMembers) ?? threads[0];
    const member = fresh.get(busiest.members[0]);
    const asMember = { authorization: member.headers.authorization, accept: 'application/ld+json' };
    const asReader = {
      authorization: fresh.get(1).headers.authorization,
      accept: 'application/ld+json',
    };
    // cold: the first read of each thread's newest page, one at a time
    const cold = [];
    for (const thread of threads) {
      const viewer = fresh.get(thread.members[0]);
      const start = performance.now();
      await json(
        await fetch(`${base}/api/thread/${thread.id}/messages?page=1`, {
          headers: { authorization: viewer.headers.authorization, accept: 'application/ld+json' },
        }),
      );
      cold.push(performance.now() - start);
    }
    cold.sort((a, b) => a - b);
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    const rows = [await measure('Fastify hello-world (reference)', { url: helloUrl })];
    // the floor of any signed-in read: the token, the session and one row, presented
    rows.push(
      await measure('GET /api/profile (floor: one signed-in read)', {
        url: `${base}/api/profile`,
        headers: asMember,
      }),
    );
    rows.push(
      await measure(
        `GET /api/thread/{id}/messages (newest page, ${busiest.members.length} members)`,
        {
          url: `${base}/api/thread/${busiest.id}/messages?page=1`,
          headers: asMember,
        },
      ),
    );
    rows.push(
      await measure(`GET /api/user/threads (a person in ${LIST_THREADS} threads)`, {
        url: `${base}/api/user/threads?itemsPerPage=${99999}`,
        headers: asReader,
      }),
    );
    rows.push(await measure('Fastify hello-world (again, at the end)', { url: helloUrl }));

    console.log(
      `Cold newest page (the first read of each of ${threads.length} threads, one at a time): p50 ${ms(quantile(cold, 0.5))} ms, p99 ${ms(quantile(cold, 0.99))} ms. Server started with ANSWER_CACHE_MB=0.\n`,
    );
    printTable(rows, rows[0]);
  }
} finally {
  senders.destroy();
  for (const tab of open) tab.socket.terminate();
  hello.kill();
  relay.kill();
  durable?.kill();
  await server.stop();
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
