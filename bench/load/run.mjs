#!/usr/bin/env node
// How many active people one machine serves (issue 26). Starts the built server on a data set
// made by bench/generate.mjs, forks simulated people (bench/load/agent.mjs, doing what
// bench/load/mix.mjs says) in processes of their own, and adds people step by step until a
// limit breaks: errors (5xx, timeouts) over 0.025% of requests, any request's p99 over
// 500 ms, the server's event-loop delay p99 over 100 ms, or the server's main thread (its event
// loop, bench/load/cpu.mjs) over --cpu-percent of a core. The
// last step that held is then held again for --hold; what it held is the answer. Prints each
// request's p50/p99, the answer cache's hit rate, memory and CPU (the server's main thread and
// whole process, simulated people, proxy apart, the machine), and writes a chart and the figures to bench/load/results/.
//
//   npm run build -w @memoria/server
//   node bench/load/run.mjs --setup sqlite|postgres|scaled
//   quick: --people 2000 --memos 100000 --people-max 50 --step 25 --step-time 20s --hold 20s
//
// Set-ups: sqlite (one server, SQLite in the data directory); postgres (one server,
// --database-url, default postgres://postgres@127.0.0.1:5432/memoria_load_<people>_<memos>);
// scaled (two servers on that PostgreSQL with --redis-url, default redis://127.0.0.1:6379,
// behind bench/load/proxy.mjs, media in S3-compatible storage (s3rver, bench/load/s3.mjs);
// first it checks that a message sent through one instance reaches a socket held on the
// other; after the hold it kills instance 2 (SIGKILL) mid-run and checks that every write
// acknowledged before the kill is readable after it and that live events resume for the
// people whose sockets were on it, counting the errors of the failover apart; --no-kill skips).
// The data set is generated once per --people/--memos into --data-dir (default
// /tmp/memoria-load/<engine>-<people>-<memos>) and kept; so are the people's sessions
// (load-sessions.json there): sign-in is argon2 by design, so a second run refreshes the
// kept sessions instead of signing everyone in again.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { measure } from '../measure.mjs';
import { freePort, root, startServer, waitFor } from '../support.mjs';
import { drawChart, pointsFrom } from './chart.mjs';
import { machineUsage, mainThreadCpu, processUsage } from './cpu.mjs';

const { values } = parseArgs({
  options: {
    setup: { type: 'string', default: 'sqlite' },
    people: { type: 'string', default: '10000' },
    memos: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    'people-start': { type: 'string' },
    step: { type: 'string', default: '100' },
    'step-time': { type: 'string', default: '60s' },
    'people-max': { type: 'string' },
    hold: { type: 'string', default: '5m' },
    agents: { type: 'string', default: '1' },
    // server processes on the machine (SERVER_PROCESSES); sqlite and postgres set-ups only
    processes: { type: 'string', default: '1' },
    'error-share': { type: 'string', default: '0.00025' },
    'p99-ms': { type: 'string', default: '500' },
    'eld-ms': { type: 'string', default: '100' },
    'cpu-percent': { type: 'string', default: '95' },
    // a request's p99 is judged once it has this many samples in the window (below that the
    // "p99" is the slowest one or two of a handful; it is still reported)
    'p99-min-count': { type: 'string', default: '100' },
    'answer-cache-mb': { type: 'string' },
    name: { type: 'string' },
    reference: { type: 'boolean', default: true },
    // scaled: kill instance 2 after the hold, and how long the failover is watched
    kill: { type: 'boolean', default: true },
    'failover-time': { type: 'string', default: '30s' },
    // postgres, scaled: turn PostgreSQL's autovacuum on for the run when it is off (below)
    autovacuum: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

const seconds = (text) => {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(String(text).trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] ?? 's'];
  return Number(match[1]) * unit;
};
const setup = values.setup;
if (!['sqlite', 'postgres', 'scaled'].includes(setup)) {
  console.error('--setup sqlite|postgres|scaled');
  process.exit(2);
}
const serverProcesses = Number(values.processes);
if (!Number.isInteger(serverProcesses) || serverProcesses < 1) {
  console.error('--processes: a whole number of at least 1');
  process.exit(2);
}
if (serverProcesses > 1 && setup === 'scaled') {
  console.error('--processes: the scaled set-up runs two instances of one process each');
  process.exit(2);
}
const generatedPeople = Number(values.people);
const generatedMemos = Number(values.memos);
const pg = setup !== 'sqlite';
const engine = pg ? 'postgres' : 'sqlite';
const dataDir =
  values['data-dir'] ?? `/tmp/memoria-load/${engine}-${generatedPeople}-${generatedMemos}`;
const pgUrl = pg
  ? (values['database-url'] ??
    `postgres://postgres@127.0.0.1:5432/memoria_load_${generatedPeople}_${generatedMemos}`)
  : undefined;
const redisUrl = setup === 'scaled' ? values['redis-url'] : '';
const step = Number(values.step);
const stepSeconds = seconds(values['step-time']);
const holdSeconds = seconds(values.hold);
const agentCount = Math.max(1, Number(values.agents));
const limits = {
  errorShare: Number(values['error-share']),
  p99Ms: Number(values['p99-ms']),
  eldMs: Number(values['eld-ms']),
  cpuPercent: Number(values['cpu-percent']),
  p99MinCount: Number(values['p99-min-count']),
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fixed = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');

// ---- the data set ----
mkdirSync(dataDir, { recursive: true });
if (!existsSync(join(dataDir, 'bench-manifest.json'))) {
  if (pg) {
    // the database is this tool's own (named after the data set): made afresh
    const { default: pgLib } = await import('pg');
    const url = new URL(pgUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pgLib.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    await admin.end();
  }
  console.log(`generating ${generatedPeople} people and ${generatedMemos} memos in ${dataDir} …`);
  execFileSync(
    process.execPath,
    [
      join(root, 'bench/generate.mjs'),
      '--data-dir',
      dataDir,
      ...(pg ? ['--database-url', pgUrl] : []),
      '--users',
      String(generatedPeople),
      '--memos',
      String(generatedMemos),
      '--mixed',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}
/** Puts PostgreSQL's autovacuum setting back, when the run changed it. */
let restoreAutovacuum;
if (pg) {
  // Every run's writes leave dead rows behind (counters, sessions, jobs). A deployed database's
  // autovacuum clears them; this machine's PostgreSQL runs without it (autovacuum = off), so a
  // later run met the earlier runs' bloat: collections at 50,000 live and 50,005 dead rows
  // doubled the reads (docs/PERFORMANCE.md, "People per machine"). A few seconds here.
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: pgUrl });
  await client.connect();
  const started = performance.now();
  await client.query('vacuum (analyze)');
  console.log(`vacuum (analyze) in ${Math.round(performance.now() - started)} ms`);
  if (values.autovacuum) restoreAutovacuum = await autovacuumOn(client);
  await client.end();
}

/**
 * A deployed PostgreSQL vacuums as it goes; the CI machine's runs with autovacuum off. Without
 * it, the dead entries every review and every read marker leave in the partial indexes pile
 * up during the run: the unread count went from 0.13 ms to 7.2 ms a call, and a step that held
 * in the ramp broke in its hold (docs/PERFORMANCE.md, "Autovacuum on for the load test"). So
 * the run turns it on and puts the setting back as it was when it ends; `--no-autovacuum`
 * measures the database as it is configured.
 */
async function autovacuumOn(client) {
  const { rows } = await client.query(
    "select setting, sourcefile from pg_settings where name = 'autovacuum'",
  );
  if (rows[0]?.setting !== 'off') return undefined;
  const setBySystem = String(rows[0].sourcefile ?? '').endsWith('postgresql.auto.conf');
  try {
    await client.query('alter system set autovacuum = on');
    await client.query('select pg_reload_conf()');
  } catch (error) {
    console.warn(
      `autovacuum is off and could not be turned on (${error.message}); measuring as is`,
    );
    return undefined;
  }
  console.log('autovacuum turned on for the run (it was off; put back at the end)');
  return async () => {
    const { default: pgLib } = await import('pg');
    const admin = new pgLib.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(
      setBySystem ? 'alter system set autovacuum = off' : 'alter system reset autovacuum',
    );
    await admin.query('select pg_reload_conf()');
    await admin.end();
    console.log('autovacuum put back to off');
  };
}
const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
const peopleMax = Math.min(manifest.users, Number(values['people-max'] ?? manifest.users));
const peopleStart = Math.min(peopleMax, Number(values['people-start'] ?? step));

// ---- servers (and the proxy) ----
const probe = join(root, 'bench/load/probe.mjs');
const serverEnv = {
  DATA_DIR: dataDir,
  DATABASE_URL: pgUrl ?? '',
  REDIS_URL: redisUrl,
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...(values['answer-cache-mb'] !== undefined
    ? { ANSWER_CACHE_MB: values['answer-cache-mb'] }
    : {}),
};
serverEnv.SERVER_PROCESSES = String(serverProcesses);
const servers = [];
const liveServers = () => servers.filter((s) => !s.dead);
let proxy;
let s3;
let s3Dir;
const agents = [];
async function stopAll() {
  for (const agent of agents) if (agent.child.connected) agent.child.send({ type: 'stop' });
  await sleep(300);
  for (const agent of agents) agent.child.kill();
  proxy?.kill();
  for (const server of servers) await server.stop();
  s3?.kill();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  const restore = restoreAutovacuum;
  restoreAutovacuum = undefined;
  await restore?.();
}
process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

const instances = setup === 'scaled' ? 2 : 1;
if (setup === 'scaled') {
  // S3-compatible storage both instances share, in a process of its own (a fresh bucket
  // folder per run: the media written during a run are the run's)
  s3Dir = mkdtempSync(join(tmpdir(), 'memoria-load-s3-'));
  s3 = fork(join(root, 'bench/load/s3.mjs'), {
    env: { ...process.env, S3_DIR: s3Dir, S3_BUCKET: 'media' },
  });
  const { endpoint } = await new Promise((resolve, reject) => {
    s3.once('message', resolve);
    s3.once('exit', () => reject(new Error('s3rver did not start')));
  });
  Object.assign(serverEnv, {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'media',
    // s3rver's own fixed keys
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
  });
  console.log(`media: S3-compatible storage (s3rver) at ${endpoint}`);
}
for (let i = 0; i < instances; i += 1) {
  // one after the other: the first migrates and writes the secrets the second reads
  const server = await startServer(await freePort(), serverEnv, {
    nodeArgs: ['--import', probe],
    ipc: true,
  });
  if (serverProcesses === 1) servers.push(server);
  else servers.push(...(await workersOf(server, serverProcesses)));
}
let base = servers[0].base;
if (setup === 'scaled') {
  const port = await freePort();
  proxy = fork(join(root, 'bench/load/proxy.mjs'), {
    env: {
      ...process.env,
      PORT: String(port),
      BACKENDS: servers.map((s) => s.base.replace('http://', '')).join(','),
    },
  });
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
}
const wsBase = base.replace('http://', 'ws://');

/**
 * The workers of a server of several processes, each measured as a server of its own (its
 * pid for the CPU, its probe through the primary's); stopping any stops the primary, once.
 */
async function workersOf(primary, count) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const pids = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve([]), 2000);
      primary.child.once('message', function onMessage(message) {
        if (message?.type !== 'load-probe-workers') return primary.child.once('message', onMessage);
        clearTimeout(timer);
        resolve(message.pids);
      });
      primary.child.send({ type: 'load-probe-workers' });
    });
    if (pids.length === count) {
      let stopping;
      const stop = () => (stopping ??= primary.stop());
      console.log(
        `server: ${count} processes (primary ${primary.pid}, workers ${pids.join(', ')})`,
      );
      return pids.map((pid) => ({ ...primary, pid, probePid: pid, stop, primaryPid: primary.pid }));
    }
    if (Date.now() > deadline)
      throw new Error(`${pids.length} of ${count} server processes listen`);
    await sleep(250);
  }
}

/** Asks each server's probe for its event-loop delay and memory (answers null when late). */
function askProbe(server, resetWindow) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.child.off('message', onMessage);
      resolve(null);
    }, 2000);
    function onMessage(message) {
      if (message?.type !== 'load-probe') return;
      if (server.probePid && message.pid !== server.probePid) return;
      clearTimeout(timer);
      server.child.off('message', onMessage);
      resolve(message);
    }
    server.child.on('message', onMessage);
    server.child.send({ type: 'load-probe', resetWindow, pid: server.probePid });
  });
}

// ---- sessions: refreshed from the last run where possible, else one sign-in each ----
const sessionsFile = join(dataDir, 'load-sessions.json');
const sessions = existsSync(sessionsFile) ? JSON.parse(readFileSync(sessionsFile, 'utf8')) : {};
const saveSessions = () => writeFileSync(sessionsFile, JSON.stringify(sessions));
async function inParallel(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        await work(item);
      }
    }),
  );
}
async function post(path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => ({})) };
}
const ids = Array.from({ length: peopleMax }, (_, i) => i + 1);
let signIns = 0;
let refreshes = 0;
let t0 = performance.now();
const refreshable = ids.filter((id) => sessions[id]?.refreshToken);
await inParallel(refreshable, 8, async (id) => {
  const answer = await post('/api/token/refresh', { refresh_token: sessions[id].refreshToken });
  if (answer.json.token) {
    sessions[id] = { token: answer.json.token, refreshToken: answer.json.refresh_token };
    refreshes += 1;
  } else delete sessions[id];
});
saveSessions();
await inParallel(
  ids.filter((id) => !sessions[id]),
  2,
  async (id) => {
    const answer = await post('/api/login', {
      usermail: `bench${id}@example.test`,
      password: manifest.password,
    });
    if (!answer.json.token) throw new Error(`sign-in of bench${id} failed: ${answer.status}`);
    sessions[id] = { token: answer.json.token, refreshToken: answer.json.refresh_token };
    signIns += 1;
    if (signIns % 200 === 0) saveSessions();
  },
);
saveSessions();
console.log(
  `${peopleMax} sessions: ${refreshes} refreshed from the last run, ${signIns} signed in, in ${Math.round(performance.now() - t0)} ms`,
);

// ---- scaled: an event caused through one instance reaches a socket on the other ----
const crossChecks = [];
if (setup === 'scaled') {
  for (const [from, to] of [
    [0, 1],
    [1, 0],
  ]) {
    // person 1 listens on one instance; person 2 (a generated connection of 1) writes on the other
    const listener = 1;
    const writer = 2;
    const socket = new WebSocket(
      `${servers[to].base.replace('http://', 'ws://')}/api/ws?user_id=${listener}&token=${encodeURIComponent(sessions[listener].token)}`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const key = `cross-${from}-${to}-${Date.now()}`;
    const arrived = new Promise((resolve) => {
      socket.on('message', (data) => {
        const event = JSON.parse(String(data));
        if (event.message_type === 'new_message' && event.message?.key === key) resolve(true);
      });
      setTimeout(() => resolve(false), 10_000);
    });
    const call = (path, body) =>
      fetch(`${servers[from].base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sessions[writer].token}`,
        },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const thread = await call('/api/thread', {
      thread_type: 'direct',
      users: [`/api/user/${listener}`],
    });
    const started = performance.now();
    await call('/api/thread/message', {
      thread: `/api/thread/${thread.id}`,
      description: 'Across instances',
      key,
    });
    const ok = await arrived;
    crossChecks.push({ from: from + 1, to: to + 1, ok, ms: performance.now() - started });
    socket.terminate();
  }
  for (const check of crossChecks) {
    console.log(
      `cross-instance: a message sent through instance ${check.from} ${check.ok ? `reached a socket on instance ${check.to} in ${fixed(check.ms, 1)} ms` : `did NOT reach instance ${check.to} within 10 s`}`,
    );
  }
}

// ---- the reference, before and after ----
let helloBefore;
let helloAfter;
let hello;
const helloPort = await freePort();
if (values.reference) {
  hello = fork(join(root, 'bench/hello-world.mjs'), {
    env: { ...process.env, PORT: String(helloPort) },
  });
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  helloBefore = await measure('hello', { url: `http://127.0.0.1:${helloPort}/` }, { duration: 5 });
}

// ---- the simulated people ----
let tickBuffer = [];
for (let i = 0; i < agentCount; i += 1) {
  const child = fork(join(root, 'bench/load/agent.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const agent = {
    child,
    people: 0,
    ready: new Promise((resolve) => child.once('message', resolve)),
  };
  child.on('message', (message) => {
    if (message.type === 'tick') tickBuffer.push(message);
    else if (message.type === 'verified') agent.onVerified?.(message);
    else if (message.type === 'session') {
      sessions[message.id] = { token: message.token, refreshToken: message.refreshToken };
    }
  });
  child.send({
    type: 'config',
    config: {
      base,
      wsBase,
      users: manifest.users,
      password: manifest.password,
      contactsPerUser: manifest.contactsPerUser ?? 20,
      agentIndex: i,
    },
  });
  agents.push(agent);
}
await Promise.all(agents.map((a) => a.ready));

const active = []; // ids, in the order they joined
function addPeople(count) {
  const joining = ids.filter((id) => !active.includes(id)).slice(0, count);
  for (const [index, id] of joining.entries()) {
    const agent = agents[(active.length + index) % agents.length];
    agent.child.send({ type: 'add', people: [{ id, ...sessions[id] }] });
    agent.people += 1;
  }
  active.push(...joining);
}
function removePeople(count) {
  // spread over the agents, newest first
  let left = count;
  while (left > 0 && active.length > 0) {
    for (const agent of agents) {
      if (left === 0 || agent.people === 0) continue;
      agent.child.send({ type: 'remove', count: 1 });
      agent.people -= 1;
      left -= 1;
      active.pop();
    }
  }
}

// ---- sampling, every second ----
const started = performance.now();
const samples = [];
const marks = [];
let window; // the figures since the current step's measurement began
function freshWindow() {
  return {
    times: {},
    errors: {},
    refused: {},
    requests: 0,
    cacheable: 0,
    cacheHits: 0,
    events: 0,
    delivery: [],
    serverCpu: servers.map((s) => processUsage(s.pid).cpu),
    serverMainCpu: servers.map((s) => mainThreadCpu(s.pid)),
    agentCpu: agents.map((a) => processUsage(a.child.pid).cpu),
    proxyCpu: proxy ? processUsage(proxy.pid).cpu : 0,
    primaryCpu: servers[0].primaryPid ? processUsage(servers[0].primaryPid).cpu : 0,
    machine: machineUsage(),
    at: performance.now(),
    peakRssMb: 0,
    peakHeapMb: 0,
    probeLate: 0,
  };
}
window = freshWindow();
let sampling = true;
const samplingDone = (async () => {
  while (sampling) {
    await sleep(1000);
    const ticks = tickBuffer;
    tickBuffer = [];
    const all = [];
    let errors = 0;
    let refused = 0;
    let requests = 0;
    for (const tick of ticks) {
      requests += tick.requests;
      window.requests += tick.requests;
      window.cacheable += tick.cacheable;
      window.cacheHits += tick.cacheHits;
      window.delivery.push(...tick.delivery);
      for (const [label, times] of Object.entries(tick.times)) {
        all.push(...times);
        (window.times[label] ??= []).push(...times);
      }
      for (const [label, n] of Object.entries(tick.errors)) {
        errors += n;
        window.errors[label] = (window.errors[label] ?? 0) + n;
      }
      for (const [label, byStatus] of Object.entries(tick.refused)) {
        const into = (window.refused[label] ??= {});
        for (const [status, n] of Object.entries(byStatus)) {
          refused += n;
          into[status] = (into[status] ?? 0) + n;
        }
      }
      for (const n of Object.values(tick.events)) window.events += n;
    }
    const probes = await Promise.all(liveServers().map((s) => askProbe(s, false)));
    let eldP99 = 0;
    for (const answer of probes) {
      if (!answer) {
        window.probeLate += 1;
        eldP99 = Math.max(eldP99, 2000);
        continue;
      }
      eldP99 = Math.max(eldP99, answer.sample.p99);
      window.peakRssMb = Math.max(window.peakRssMb, answer.memory.rss / 2 ** 20);
      window.peakHeapMb = Math.max(window.peakHeapMb, answer.memory.heapUsed / 2 ** 20);
    }
    all.sort((a, b) => a - b);
    samples.push({
      t: (performance.now() - started) / 1000,
      people: active.length,
      sockets: ticks.reduce((sum, tick) => sum + tick.sockets, 0),
      rps: requests / Math.max(1, ticks.length / agents.length),
      p50: quantile(all, 0.5) || 0,
      p99: quantile(all, 0.99) || 0,
      eldP99,
      errors,
      refused,
    });
  }
})();

/** Starts a measurement window (and the probes' event-loop windows). */
async function beginWindow() {
  const live = liveServers();
  const probes = await Promise.all(live.map((s) => askProbe(s, true)));
  window = freshWindow();
  window.probeTotals = new Map(live.map((s, i) => [s, probes[i]?.totals ?? null]));
}

/**
 * The database's share, from the probes' counters (bench/load/probe.mjs) over a window, for
 * the instances alive at both ends: statements per request, and the statements' summed
 * time against the requests' summed time (on PostgreSQL a request's statements may run side
 * by side, so their sum can pass its time; a statement's time there includes its answer
 * waiting for the event loop).
 */
function databaseShare(before, live, probes) {
  const sum = {
    statements: 0,
    statementMs: 0,
    statementBusyMs: 0,
    requests: 0,
    requestMs: 0,
    requestBusyMs: 0,
  };
  for (const [i, server] of live.entries()) {
    const start = before?.get(server);
    const end = probes[i]?.totals;
    if (!start || !end) continue;
    for (const key of Object.keys(sum)) sum[key] += end[key] - start[key];
  }
  return {
    ...sum,
    statementsPerRequest: sum.requests > 0 ? sum.statements / sum.requests : NaN,
    statementMsPerRequest: sum.requests > 0 ? sum.statementMs / sum.requests : NaN,
    requestMsPerRequest: sum.requests > 0 ? sum.requestMs / sum.requests : NaN,
    share: sum.requestMs > 0 ? sum.statementMs / sum.requestMs : NaN,
  };
}

/** Closes the window: the figures, and which limits it broke. */
async function endWindow() {
  const live = liveServers();
  const probes = await Promise.all(live.map((s) => askProbe(s, false)));
  const w = window;
  const elapsed = (performance.now() - w.at) / 1000;
  const machine = machineUsage();
  const figures = {
    people: active.length,
    seconds: elapsed,
    requests: w.requests,
    errors: Object.values(w.errors).reduce((a, b) => a + b, 0),
    refused: Object.values(w.refused).reduce(
      (sum, byStatus) => sum + Object.values(byStatus).reduce((a, b) => a + b, 0),
      0,
    ),
    labels: Object.entries(w.times)
      .map(([label, times]) => {
        times.sort((a, b) => a - b);
        return {
          label,
          count: times.length,
          p50: quantile(times, 0.5),
          p99: quantile(times, 0.99),
          errors: w.errors[label] ?? 0,
          refused: w.refused[label] ?? {},
        };
      })
      .sort((a, b) => b.count - a.count),
    cacheHitShare: w.cacheable > 0 ? w.cacheHits / w.cacheable : NaN,
    eldP99: Math.max(...probes.map((p) => (p ? p.window.p99 : 2000))),
    eldMax: Math.max(...probes.map((p) => (p ? p.window.max : 2000))),
    // the limit: the main thread (the event loop); the whole process (with libuv's pool:
    // photo variants, argon2) beside it (bench/load/cpu.mjs says why)
    serverCpuPercent: servers.map(
      (s, i) => ((mainThreadCpu(s.pid) - w.serverMainCpu[i]) / elapsed) * 100,
    ),
    serverProcessCpuPercent: servers.map(
      (s, i) => ((processUsage(s.pid).cpu - w.serverCpu[i]) / elapsed) * 100,
    ),
    agentCpuPercent: agents.reduce(
      (sum, a, i) => sum + ((processUsage(a.child.pid).cpu - w.agentCpu[i]) / elapsed) * 100,
      0,
    ),
    proxyCpuPercent: proxy ? ((processUsage(proxy.pid).cpu - w.proxyCpu) / elapsed) * 100 : 0,
    // several processes: the primary, which hands out connections and relays live events
    primaryCpuPercent: servers[0].primaryPid
      ? ((processUsage(servers[0].primaryPid).cpu - w.primaryCpu) / elapsed) * 100
      : 0,
    machineBusyPercent:
      ((machine.busy - w.machine.busy) / Math.max(1, machine.total - w.machine.total)) * 100,
    rssMb: Math.max(w.peakRssMb, ...servers.map((s) => processUsage(s.pid).rssMb)),
    heapMb: w.peakHeapMb,
    events: w.events,
    delivery: (() => {
      const sorted = [...w.delivery].sort((a, b) => a - b);
      return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    })(),
    sockets: samples.at(-1)?.sockets ?? 0,
    database: databaseShare(w.probeTotals, live, probes),
  };
  const broken = [];
  if (figures.requests > 0 && figures.errors / figures.requests > limits.errorShare) {
    broken.push(
      `errors ${figures.errors} of ${figures.requests} requests (${fixed((figures.errors / figures.requests) * 100, 3)}% > ${limits.errorShare * 100}%)`,
    );
  }
  for (const row of figures.labels) {
    if (row.count >= limits.p99MinCount && row.p99 > limits.p99Ms)
      broken.push(`${row.label} p99 ${fixed(row.p99)} ms > ${limits.p99Ms} ms`);
  }
  if (figures.eldP99 > limits.eldMs)
    broken.push(`event-loop delay p99 ${fixed(figures.eldP99)} ms > ${limits.eldMs} ms`);
  for (const [i, cpu] of figures.serverCpuPercent.entries()) {
    if (cpu > limits.cpuPercent)
      broken.push(
        `server ${i + 1} main thread CPU ${fixed(cpu)}% of a core > ${limits.cpuPercent}%`,
      );
  }
  figures.broken = broken;
  return figures;
}

/** Milliseconds of CPU per request over all servers, from their shares of a core. */
function cpuMsPerRequest(percents, figures) {
  const cpuSeconds = (percents.reduce((a, b) => a + b, 0) / 100) * figures.seconds;
  return figures.requests > 0 ? (cpuSeconds * 1000) / figures.requests : NaN;
}

function describe(figures) {
  return `${figures.people} people: ${figures.requests} requests in ${fixed(figures.seconds)} s, errors ${figures.errors}, p99 max ${fixed(Math.max(0, ...figures.labels.map((l) => l.p99)))} ms, event loop p99 ${fixed(figures.eldP99, 1)} ms, server main thread CPU ${figures.serverCpuPercent.map((c) => `${fixed(c)}%`).join(' + ')} (${fixed(cpuMsPerRequest(figures.serverCpuPercent, figures), 2)} ms a request; whole process ${figures.serverProcessCpuPercent.map((c) => `${fixed(c)}%`).join(' + ')}, ${fixed(cpuMsPerRequest(figures.serverProcessCpuPercent, figures), 2)} ms a request), machine ${fixed(figures.machineBusyPercent)}% busy, people CPU ${fixed(figures.agentCpuPercent)}%`;
}

// ---- the ramp ----
const loadBefore = loadavg();
const steps = [];
let held = 0;
let brokeWith;
let current = 0;
let target = peopleStart;
const rampSeconds = Math.min(10, stepSeconds / 2);
while (target <= peopleMax) {
  marks.push({ t: (performance.now() - started) / 1000, label: `${target}` });
  const adding = target - current;
  // arrivals spread over rampSeconds, in batches a second apart
  const batches = Math.max(1, Math.round(rampSeconds));
  for (let b = 0; b < batches; b += 1) {
    addPeople(Math.round((adding * (b + 1)) / batches) - Math.round((adding * b) / batches));
    await sleep(1000);
  }
  current = target;
  await beginWindow();
  await sleep(stepSeconds * 1000);
  const figures = await endWindow();
  steps.push(figures);
  console.log(
    `step ${describe(figures)}${figures.broken.length ? ` — BROKE: ${figures.broken.join('; ')}` : ''}`,
  );
  if (figures.broken.length > 0) {
    brokeWith = figures;
    break;
  }
  held = current;
  if (target === peopleMax) break;
  target = Math.min(peopleMax, target + step);
}

// ---- the hold: the last step that held, again for --hold (one step lower if it breaks) ----
let hold;
for (let attempt = 0; attempt < 3 && held > 0; attempt += 1) {
  if (active.length > held) removePeople(active.length - held);
  marks.push({ t: (performance.now() - started) / 1000, label: `hold ${held}` });
  await sleep(2000);
  await beginWindow();
  await sleep(holdSeconds * 1000);
  hold = await endWindow();
  console.log(
    `hold ${describe(hold)}${hold.broken.length ? ` — BROKE: ${hold.broken.join('; ')}` : ''}`,
  );
  if (hold.broken.length === 0) break;
  held = Math.max(0, held - step);
  hold = undefined;
}

// ---- scaled: kill instance 2 mid-run; nothing acknowledged is lost, live events resume ----
let failover;
if (setup === 'scaled' && values.kill && active.length > 0) {
  const victim = servers[1];
  const failoverSeconds = seconds(values['failover-time']);
  marks.push({ t: (performance.now() - started) / 1000, label: 'kill 2' });
  await beginWindow();
  await sleep(5000);
  const killedAt = Date.now();
  victim.dead = true;
  victim.child.kill('SIGKILL');
  console.log(`killed instance 2 (SIGKILL, pid ${victim.pid}) with ${active.length} people on`);
  await sleep(failoverSeconds * 1000);
  const during = await endWindow();
  // every person's process checks its own acknowledged writes and sockets
  const verified = await Promise.all(
    agents.map(
      (agent) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(null), 180_000);
          agent.onVerified = (answer) => {
            clearTimeout(timer);
            resolve(answer);
          };
          agent.child.send({ type: 'verify', before: killedAt, since: killedAt });
        }),
    ),
  );
  const proxyStats = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 2000);
    const onStats = (message) => {
      if (message?.type !== 'stats') return;
      clearTimeout(timer);
      proxy.off('message', onStats);
      resolve(message);
    };
    proxy.on('message', onStats);
    proxy.send({ type: 'stats' });
  });
  const answers = verified.filter(Boolean);
  const byKind = {};
  for (const answer of answers) {
    for (const [kind, n] of Object.entries(answer.byKind)) {
      const into = (byKind[kind] ??= { checked: 0, readable: 0, photos: 0, asAuthor: 0 });
      into.checked += n.checked;
      into.readable += n.readable;
      into.photos += n.photos;
      into.asAuthor += n.asAuthor ?? 0;
    }
  }
  const sum = (key) => answers.reduce((total, a) => total + a[key], 0);
  const reconnectMs = answers.flatMap((a) => a.reconnectMs).sort((a, b) => a - b);
  const resumedMs = answers.flatMap((a) => a.resumedMs).sort((a, b) => a - b);
  failover = {
    killedAt: new Date(killedAt).toISOString(),
    windowSeconds: during.seconds,
    requests: during.requests,
    errors: during.errors,
    errorsByLabel: during.labels.filter((l) => l.errors > 0).map((l) => [l.label, l.errors]),
    agentsAnswered: answers.length,
    byKind,
    missing: answers.flatMap((a) => a.missing),
    socketsCut: sum('socketsCut'),
    reconnected: sum('reconnected'),
    reconnectP50: quantile(reconnectMs, 0.5),
    reconnectMax: reconnectMs.at(-1),
    eventsAfterReconnect: sum('eventsAfterReconnect'),
    probed: sum('probed'),
    resumed: resumedMs.length,
    resumedP50: quantile(resumedMs, 0.5),
    proxy: proxyStats,
    during,
  };
}
const loadAfter = loadavg();

sampling = false;
await samplingDone;
if (values.reference && hello) {
  for (const agent of agents) if (agent.child.connected) agent.child.send({ type: 'stop' });
  await sleep(1000);
  helloAfter = await measure('hello', { url: `http://127.0.0.1:${helloPort}/` }, { duration: 5 });
  hello.kill();
}
saveSessions();
await stopAll();

// ---- the report ----
const name = values.name ?? `${setup}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
const resultsDir = join(root, 'bench/load/results');
mkdirSync(resultsDir, { recursive: true });
const title = `${setup}: ${hold ? `${hold.people} people held ${fixed(holdSeconds)} s` : 'no step held'} (${manifest.users} people, ${manifest.memos} memos generated)`;
// the chart: 5-second points
const points = pointsFrom(samples);
writeFileSync(join(resultsDir, `${name}.svg`), drawChart({ title, points, limits, marks }));
const fixedLoad = (averages) => averages.map((v) => v.toFixed(2)).join(' ');
writeFileSync(
  join(resultsDir, `${name}.json`),
  JSON.stringify(
    {
      setup,
      at: new Date().toISOString(),
      node: process.version,
      manifest,
      limits,
      stepPeople: step,
      stepSeconds,
      holdSeconds,
      held: hold ? hold.people : 0,
      brokeWith: brokeWith ? { people: brokeWith.people, broken: brokeWith.broken } : null,
      crossChecks,
      marks,
      helloBefore,
      helloAfter,
      loadBefore,
      loadAfter,
      steps: steps.map(({ labels: _labels, ...rest }) => rest),
      hold,
      failover,
      samples,
    },
    null,
    1,
  ),
);

const report = hold ?? brokeWith ?? steps.at(-1);
console.log(
  `\n## ${setup}: ${hold ? `${hold.people} active people held for ${fixed(holdSeconds)} s` : 'no step held'}\n`,
);
console.log(
  `${manifest.users} people and ${manifest.memos} memos generated; steps of ${step} people, ${fixed(stepSeconds)} s each; node ${process.version}; ${agentCount} people process(es)`,
);
console.log(`load average before ${fixedLoad(loadBefore)}, after ${fixedLoad(loadAfter)}`);
if (brokeWith)
  console.log(`first limit broken at ${brokeWith.people} people: ${brokeWith.broken.join('; ')}`);
else console.log(`no limit broke up to --people-max ${peopleMax}`);
for (const check of crossChecks) {
  console.log(
    `cross-instance delivery ${check.from} → ${check.to}: ${check.ok ? `yes, ${fixed(check.ms, 1)} ms` : 'NO'}`,
  );
}
if (report) {
  console.log(`\n${hold ? 'During the hold' : 'During the last step'}: ${describe(report)}`);
  console.log(
    `machine busy ${fixed(report.machineBusyPercent)}% of all cores; proxy CPU ${fixed(report.proxyCpuPercent)}%; primary process CPU ${fixed(report.primaryCpuPercent)}%; server RSS ${fixed(report.rssMb)} MB (heap ${fixed(report.heapMb)} MB)`,
  );
  console.log(
    `answer cache hits: ${Number.isFinite(report.cacheHitShare) ? `${fixed(report.cacheHitShare * 100, 1)}% of GETs` : 'none'}`,
  );
  const db = report.database;
  console.log(
    `database: ${fixed(db.statementsPerRequest, 1)} statements a request; their summed time ${fixed(db.statementMsPerRequest, 2)} ms a request of ${fixed(db.requestMsPerRequest, 2)} ms at the server (${fixed(db.share * 100)}%); a statement open ${fixed((db.statementBusyMs / 1000 / report.seconds) * 100)}% of the time, a request ${fixed((db.requestBusyMs / 1000 / report.seconds) * 100)}%`,
  );
  console.log(
    `sockets open ${report.sockets}; live events received ${report.events}; message sent → other person's socket: ${report.delivery.count} timed, p50 ${fixed(report.delivery.p50, 1)} ms, p99 ${fixed(report.delivery.p99, 1)} ms`,
  );
  if (helloBefore) {
    console.log(
      `reference: Fastify hello-world ${helloBefore.rps} req/s before, ${helloAfter?.rps ?? '-'} after (autocannon, 50 connections, 5 s)`,
    );
  }
  console.log('\n| request | count | p50 ms | p99 ms | errors | 4xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of report.labels) {
    const refusals = Object.entries(row.refused)
      .map(([status, n]) => `${n}×${status}`)
      .join(' ');
    console.log(
      `| ${row.label} | ${row.count} | ${fixed(row.p50, 1)} | ${fixed(row.p99, 1)} | ${row.errors} | ${refusals || 0} |`,
    );
  }
}
if (failover) {
  const f = failover;
  const checked = Object.values(f.byKind).reduce((n, k) => n + k.checked, 0);
  const readableCount = Object.values(f.byKind).reduce((n, k) => n + k.readable, 0);
  console.log(`\n### Failover: instance 2 killed (SIGKILL) at ${f.killedAt}\n`);
  console.log(
    `errors during the failover (${fixed(f.windowSeconds)} s from 5 s before the kill, apart from the hold's): ${f.errors} of ${f.requests} requests${f.errorsByLabel.length ? ` (${f.errorsByLabel.map(([l, n]) => `${n}× ${l}`).join(', ')})` : ''}`,
  );
  if (f.proxy) {
    console.log(
      `proxy: ${f.proxy.rerouted} requests and sockets refused by the dead instance sent to the other, ${f.proxy.failed} answered 502 (they had reached it)`,
    );
  }
  console.log(
    `writes acknowledged before the kill: ${checked}, readable after it: ${readableCount} — ${Object.entries(
      f.byKind,
    )
      .map(
        ([kind, k]) =>
          `${kind}s ${k.readable}/${k.checked}${k.photos ? ` (${k.photos} with a photo, read from S3)` : ''}${k.asAuthor ? ` (${k.asAuthor} read as the memo's author: the writer had unfollowed since)` : ''}`,
      )
      .join(
        ', ',
      )}${checked === readableCount ? ': nothing lost' : `: LOST ${checked - readableCount}`}`,
  );
  for (const m of f.missing) console.log(`  not readable: ${m.kind} ${m.id} of person ${m.person}`);
  console.log(
    `sockets cut by the kill: ${f.socketsCut}; reconnected to the survivor: ${f.reconnected} (p50 ${fixed(f.reconnectP50)} ms, slowest ${fixed(f.reconnectMax)} ms); ${f.eventsAfterReconnect} of them got live events since; a message sent to ${f.probed} of them reached ${f.resumed} (p50 ${fixed(f.resumedP50, 1)} ms)`,
  );
}
console.log(`\nchart: bench/load/results/${name}.svg; figures: bench/load/results/${name}.json`);
process.exit(0);
