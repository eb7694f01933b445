#!/usr/bin/env node
// Real-time delivery (issue 6 Scale): N signed-in users each hold a WebSocket to the built
// server; the author of a public memo they may all see edits it (PUT /api/memo/{id}); the
// server finds the users watching it (each tab says it holds the memo) who are allowed to
// see it (one query) and sends memo_changed to their sockets in batches. Measured: from the
// request leaving the client to the message reaching every socket. Then every user opens a
// second tab (2N sockets held by one process), the same is measured at 2N, the sockets are
// held through a heartbeat, and the API must keep answering meanwhile. A Fastify hello-world
// is measured in the same run as the reference, and so is a bare `ws` server
// (bench/ws-fanout.mjs) sending the product's message to N sockets of the same clients: the
// floor under the product's fan-out on this machine.
//
//   npm run build -w apps/server && node bench/realtime.mjs
//   options: --sockets 1000 --rounds 30 --hold 30 [--data-dir DIR] [--database-url postgres://…]
//            [--redis-url redis://127.0.0.1:6379]   (deliver through Redis pub/sub)
//            [--floor-processes 2]   (the bare reference's sockets over 2 cluster workers)
// Without --data-dir a small database (sockets + 1 users) is generated in a temporary folder.
// --via comment: the readers follow the author and watch the memo's comments; each round the
// author posts a comment and what is timed is its notification (new_comment_watcher_
// notification) reaching every socket; the unread counter, which comes inside that message
// (older builds sent it apart, an unread_count message after it), is timed apart and checked to have
// gone up by one on every socket.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { freePort, root, startServer, waitFor } from './support.mjs';
import { measure, printTable } from './measure.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '30' },
    hold: { type: 'string', default: '30' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    // edit: the author edits the memo (memo_changed); comment: the author comments on it and
    // every reader, a follower watching its comments, gets the notification
    via: { type: 'string', default: 'edit' },
    // the bare `ws` reference's sockets spread over this many processes (bench/ws-fanout.mjs)
    'floor-processes': { type: 'string', default: '1' },
  },
});
const viaComment = values.via === 'comment';
const sockets = Number(values.sockets);
const rounds = Number(values.rounds);
const holdSeconds = Number(values.hold);
const pgUrl = values['database-url'];
const redisUrl = values['redis-url'] ?? '';
const engine = pgUrl ? 'PostgreSQL' : 'SQLite';

const ownData = !values['data-dir'];
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'memoria-realtime-'));
if (!existsSync(join(dataDir, 'bench-manifest.json'))) {
  console.log(`generating ${sockets + 1} users in ${dataDir} …`);
  execFileSync(
    process.execPath,
    [
      join(root, 'bench/generate.mjs'),
      '--data-dir',
      dataDir,
      ...(pgUrl ? ['--database-url', pgUrl] : []),
      '--users',
      String(sockets + 1),
      '--memos',
      '2000',
      '--contacts',
      '1',
      '--follows',
      '1',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
if (manifest.users < sockets + 1) throw new Error(`the data set has only ${manifest.users} users`);

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

const helloPort = await freePort();
const hello = fork(join(root, 'bench/hello-world.mjs'), {
  env: { ...process.env, PORT: String(helloPort) },
});
const floorPort = await freePort();
const floorProcesses = Number(values['floor-processes']);
const floor = fork(join(root, 'bench/ws-fanout.mjs'), {
  env: { ...process.env, PORT: String(floorPort), PROCESSES: String(floorProcesses) },
});
const port = await freePort();
const { base, stop } = await startServer(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: pgUrl ?? '',
  REDIS_URL: redisUrl,
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const open = [];

try {
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  await waitFor(`http://127.0.0.1:${floorPort}/`);
  const login = async (n) => {
    const answer = await json(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usermail: `bench${n}@example.test`, password: manifest.password }),
      }),
    );
    return { id: n, token: answer.token };
  };
  const author = await login(1);
  const headers = { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' };
  let t0 = performance.now();
  const readers = await inParallel(
    Array.from({ length: sockets }, (_, i) => i + 2),
    4,
    login,
  );
  console.log(`${sockets} logins in ${Math.round(performance.now() - t0)} ms`);

  // A public collection of the author and a memo in it: every reader may see it.
  const collection = await json(
    await fetch(`${base}/api/collection`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Realtime bench', type: 'public' }),
    }),
  );
  const memo = await json(
    await fetch(`${base}/api/memo`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Live memo',
        memos_per_collection: [`/api/collection/${collection.id}`],
      }),
    }),
  );

  if (viaComment) {
    t0 = performance.now();
    await inParallel(readers, 20, async (reader) => {
      const own = { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' };
      // the generated data may already have this follow
      const follow = await fetch(`${base}/api/follow`, {
        method: 'POST',
        headers: own,
        body: JSON.stringify({ following: `/api/user/${author.id}` }),
      });
      if (!follow.ok && follow.status !== 422) throw new Error(`follow ${follow.status}`);
      await json(
        await fetch(`${base}/api/comment_watching`, {
          method: 'POST',
          headers: own,
          body: JSON.stringify({ memo: `/api/memo/${memo.id}` }),
        }),
      );
    });
    console.log(
      `${sockets} followers watching the memo in ${Math.round(performance.now() - t0)} ms`,
    );
  }
  const arrives = (message) =>
    viaComment
      ? message.message_type === 'notification'
      : message.message_type === 'memo_changed' && message.memo_id === memo.id;

  // one message as the product sent it, for the bare fan-out to send (same size and text)
  let sampleText;

  /** Opens one socket per reader; each records when the memo's change reached it. */
  async function openTabs(
    addressOf = (reader) =>
      `ws://127.0.0.1:${port}/api/ws?user_id=${reader.id}&token=${encodeURIComponent(reader.token)}`,
  ) {
    const tabs = [];
    await inParallel(readers, 50, async (reader) => {
      const socket = new WebSocket(addressOf(reader));
      const tab = { socket, arrivedAt: undefined, closed: false };
      socket.on('message', (data) => {
        const at = performance.now();
        const text = String(data);
        const message = JSON.parse(text);
        if (arrives(message)) {
          sampleText ??= text;
          tab.arrivedAt = at;
          tab.onArrival?.();
        }
        // the count comes inside the notification (builds before stop 13: apart, after it)
        const counter =
          message.message_type === 'unread_count' ||
          (message.message_type === 'notification' && message.unread !== undefined);
        if (viaComment && counter) {
          tab.counterAt = at;
          tab.unread = message.unread;
          tab.onCounter?.();
        }
      });
      socket.on('close', () => {
        tab.closed = true;
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      // the tab holds the memo, as the web app's tab says (edits reach its watchers only)
      socket.send(JSON.stringify({ message_type: 'watch_memos', memo_ids: [memo.id] }));
      tabs.push(tab);
      open.push(tab);
    });
    return tabs;
  }

  const writeOnce = (title) =>
    viaComment
      ? fetch(`${base}/api/memo/comment`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ memo: `/api/memo/${memo.id}`, description: title }),
        })
      : fetch(`${base}/api/memo/${memo.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            title,
            memos_per_collection: [`/api/collection/${collection.id}`],
          }),
        });
  // the bare `ws` server sends the product's message as it is (its unread count is not checked)
  const floorOnce = () =>
    fetch(`http://127.0.0.1:${floorPort}/`, { method: 'POST', body: sampleText });

  /**
   * One write (an edit or a comment; `floorOnce` for the reference); answers ms from the
   * request to the first, median, last socket, and the response.
   */
  async function round(tabs, title, write = writeOnce) {
    const counts = viaComment && write === writeOnce;
    let waiting = tabs.length;
    let allArrived;
    const arrived = new Promise((resolve) => {
      allArrived = resolve;
    });
    let counting = counts ? tabs.length : 0;
    let allCounted;
    const counted = new Promise((resolve) => {
      allCounted = resolve;
    });
    for (const tab of tabs) {
      tab.arrivedAt = undefined;
      tab.onArrival = () => {
        tab.onArrival = undefined;
        waiting -= 1;
        if (waiting === 0) allArrived();
      };
      tab.counterAt = undefined;
      tab.unreadBefore = tab.unread;
      tab.onCounter = () => {
        tab.onCounter = undefined;
        counting -= 1;
        if (counting === 0) allCounted();
      };
    }
    const start = performance.now();
    const response = await write(title);
    const answered = performance.now() - start;
    if (!response.ok) throw new Error(`write ${response.status} ${await response.text()}`);
    await Promise.race([
      arrived,
      sleep(10_000).then(() => {
        throw new Error(`${waiting} of ${tabs.length} sockets got nothing in 10 s`);
      }),
    ]);
    const times = tabs.map((tab) => tab.arrivedAt - start).sort((a, b) => a - b);
    let countersLast = NaN;
    if (counts) {
      await Promise.race([
        counted,
        sleep(10_000).then(() => {
          throw new Error(`${counting} of ${tabs.length} sockets got no unread count in 10 s`);
        }),
      ]);
      countersLast = Math.max(...tabs.map((tab) => tab.counterAt - start));
      const wrong = tabs.filter(
        (tab) => tab.unreadBefore !== undefined && tab.unread !== tab.unreadBefore + 1,
      );
      if (wrong.length > 0) throw new Error(`${wrong.length} sockets got a wrong unread count`);
    }
    return {
      countersLast,
      first: times[0],
      median: quantile(times, 0.5),
      last: times[times.length - 1],
      answered,
      times,
    };
  }

  async function series(tabs, label, write = writeOnce) {
    for (let i = 0; i < 3; i += 1) await round(tabs, `warm-up ${i}`, write);
    const results = [];
    for (let i = 0; i < rounds; i += 1) {
      results.push(await round(tabs, `${label} round ${i}`, write));
      await sleep(50);
    }
    const lasts = results.map((r) => r.last).sort((a, b) => a - b);
    const answers = results.map((r) => r.answered).sort((a, b) => a - b);
    const spreads = results.map((r) => r.last - r.first).sort((a, b) => a - b);
    const pooled = results.flatMap((r) => r.times).sort((a, b) => a - b);
    const firsts = results.map((r) => r.first).sort((a, b) => a - b);
    const counters = results.map((r) => r.countersLast).sort((a, b) => a - b);
    return {
      countersP50: quantile(counters, 0.5),
      label,
      sockets: tabs.length,
      firstP50: quantile(firsts, 0.5),
      allP50: quantile(lasts, 0.5),
      allP99: quantile(lasts, 0.99),
      allMax: lasts[lasts.length - 1],
      socketP50: quantile(pooled, 0.5),
      socketP99: quantile(pooled, 0.99),
      spreadP50: quantile(spreads, 0.5),
      answerP50: quantile(answers, 0.5),
    };
  }

  t0 = performance.now();
  const firstTabs = await openTabs();
  console.log(`${firstTabs.length} sockets open in ${Math.round(performance.now() - t0)} ms`);
  const single = await series(firstTabs, `${sockets} users, 1 socket each`);

  // The floor: the same message, clients and rounds, from a bare `ws` server (bench/ws-fanout.mjs)
  t0 = performance.now();
  const floorTabs = await openTabs(() => `ws://127.0.0.1:${floorPort}/`);
  console.log(`${floorTabs.length} bare sockets open in ${Math.round(performance.now() - t0)} ms`);
  const bare = await series(
    floorTabs,
    `bare \`ws\` fan-out (reference), ${sockets} sockets${floorProcesses > 1 ? ` over ${floorProcesses} processes` : ''}`,
    floorOnce,
  );
  for (const tab of floorTabs) tab.socket.terminate();

  t0 = performance.now();
  const secondTabs = await openTabs();
  const allTabs = [...firstTabs, ...secondTabs];
  console.log(`${allTabs.length} sockets open in ${Math.round(performance.now() - t0)} ms`);
  const double = await series(allTabs, `${sockets} users, 2 sockets each`);

  // Hold 2N sockets through at least one heartbeat while the API keeps answering.
  const healthTimes = [];
  const holdUntil = performance.now() + holdSeconds * 1000;
  while (performance.now() < holdUntil) {
    const start = performance.now();
    await json(await fetch(`${base}/api/health`));
    healthTimes.push(performance.now() - start);
    await sleep(500);
  }
  const stillOpen = allTabs.filter((tab) => !tab.closed && tab.socket.readyState === 1).length;
  healthTimes.sort((a, b) => a - b);
  const afterHold = await round(allTabs, 'after the hold');

  const reference = await measure('Fastify hello-world (reference)', {
    url: `http://127.0.0.1:${helloPort}/`,
  });

  console.log(
    `\n${engine}${redisUrl ? ' + Redis pub/sub' : ''}, ${viaComment ? 'a comment → its notification' : 'a memo edit → memo_changed'}, node ${process.version}, ${rounds} edits per row, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const counterColumn = viaComment ? ' request → all unread counts p50 ms |' : '';
  console.log(
    `| sockets | request → all sockets p50 ms | p99 ms | max ms | per socket p50 ms | per socket p99 ms | request → first socket p50 ms | first → last socket p50 ms | HTTP answer p50 ms |${counterColumn}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${viaComment ? '---:|' : ''}`);
  for (const row of [single, double, bare]) {
    const counters = row === bare ? '–' : ms(row.countersP50);
    console.log(
      `| ${row.label} | ${ms(row.allP50)} | ${ms(row.allP99)} | ${ms(row.allMax)} | ${ms(row.socketP50)} | ${ms(row.socketP99)} | ${ms(row.firstP50)} | ${ms(row.spreadP50)} | ${ms(row.answerP50)} |${viaComment ? ` ${counters} |` : ''}`,
    );
  }
  console.log(
    `\nHeld ${allTabs.length} sockets for ${holdSeconds} s: ${stillOpen} still open; GET /api/health meanwhile p50 ${ms(quantile(healthTimes, 0.5))} ms, max ${ms(healthTimes[healthTimes.length - 1])} ms; one more edit then reached all ${allTabs.length} in ${ms(afterHold.last)} ms.\n`,
  );
  printTable([reference], reference);
} finally {
  for (const tab of open) tab.socket.terminate();
  hello.kill();
  floor.kill();
  await stop();
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
