// Loaded into the server process by the load test (node --import bench/load/probe.mjs
// apps/server/dist/main.js), never by the product: the server itself is unchanged and has
// no metrics route. It answers the load test over the IPC channel the test opened when it
// started the server: the event-loop delay (per sample and over the current window), memory,
// the process's own CPU time, and the database's share: the statements the server ran and
// their summed time (the database drivers' query functions wrapped here), beside the
// requests it answered and their summed time (node's http diagnostics channels). Without
// an IPC channel (an ordinary start) it does nothing.
//
// Several server processes (SERVER_PROCESSES, apps/server/src/processes.ts): node passes
// this --import on to the workers, and the primary, which serves nothing, passes the test's
// questions on to the worker they name (`pid`) and its answers back, and tells the test the
// workers' pids once they all listen (`load-probe-workers`).
import cluster from 'node:cluster';
import { subscribe } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const RESOLUTION_MS = 10;

/**
 * Statements and requests, counted and timed since the process started. The summed times
 * count statements run side by side (Promise.all) once each; the busy times count the time
 * with at least one statement (or request) open once: the database's share of the server's
 * time is statementBusyMs / requestBusyMs.
 */
const totals = {
  statements: 0,
  statementMs: 0,
  statementBusyMs: 0,
  requests: 0,
  requestMs: 0,
  requestBusyMs: 0,
};
// PROBE_SLOW_MS=n: statements slower than n ms go to stderr with their values (profiling)
const slowMs = process.env.PROBE_SLOW_MS ? Number(process.env.PROBE_SLOW_MS) : Infinity;
function logSlow(took, text, values) {
  if (took > slowMs) console.error(`slow ${took.toFixed(1)} ms: ${text} ${JSON.stringify(values)}`);
}

// PROBE_STATEMENTS_FILE=path: every statement's count and summed time by its SQL text,
// written to that file as JSON every 5 s (profiling: which statements cost most under a mix).
// cpuMs is the process's CPU during the call (process.cpuUsage: its other threads too, so an
// upper bound), ms the wall time (on a busy machine it includes waiting for a core).
const statementsFile = process.env.PROBE_STATEMENTS_FILE;
const bySql = new Map();
function recordBySql(took, cpuMs, text) {
  const entry = bySql.get(text);
  if (entry === undefined) bySql.set(text, { count: 1, ms: took, cpuMs });
  else {
    entry.count += 1;
    entry.ms += took;
    entry.cpuMs += cpuMs;
  }
}
if (statementsFile !== undefined) {
  const { writeFileSync } = await import('node:fs');
  setInterval(() => {
    const rows = [...bySql].map(([sql, e]) => ({ sql, ...e })).sort((a, b) => b.ms - a.ms);
    writeFileSync(statementsFile, JSON.stringify(rows));
  }, 5_000).unref();
}

/** Adds the time during which at least one of a kind was open to totals[busyKey]. */
function busyClock(busyKey) {
  let open = 0;
  let since = 0;
  return {
    begin() {
      if (open === 0) since = performance.now();
      open += 1;
    },
    end() {
      open -= 1;
      if (open === 0) totals[busyKey] += performance.now() - since;
    },
  };
}
const statementClock = busyClock('statementBusyMs');
const requestClock = busyClock('requestBusyMs');

/**
 * Wraps the drivers the server loads (the same module instances: resolved from the
 * repository root, as the server's bundle resolves them). PostgreSQL: from sending a query
 * to its answer being handled, so it includes time the answer waited for the event loop
 * (an upper bound of the database's time). SQLite: the synchronous call itself.
 */
function wrapDrivers() {
  const load = createRequire(join(fileURLToPath(import.meta.url), '../../../package.json'));
  try {
    const pg = load('pg');
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function timedQuery(...args) {
      const started = performance.now();
      const result = original.apply(this, args);
      if (result && typeof result.then === 'function') {
        totals.statements += 1;
        statementClock.begin();
        const done = () => {
          statementClock.end();
          const took = performance.now() - started;
          totals.statementMs += took;
          logSlow(took, args[0]?.text ?? args[0], args[0]?.values ?? args[1]);
        };
        result.then(done, done);
      }
      return result;
    };
  } catch {
    /* no pg: SQLite only */
  }
  try {
    const SQLite = load('better-sqlite3');
    const scratch = new SQLite(':memory:');
    const proto = Object.getPrototypeOf(scratch.prepare('select 1'));
    scratch.close();
    for (const method of ['all', 'get', 'run']) {
      const original = proto[method];
      proto[method] = function timedStatement(...args) {
        const started = performance.now();
        const cpu = statementsFile === undefined ? undefined : process.cpuUsage();
        try {
          return original.apply(this, args);
        } finally {
          totals.statements += 1;
          const took = performance.now() - started;
          totals.statementMs += took;
          totals.statementBusyMs += took;
          logSlow(took, this.source, args);
          if (cpu !== undefined) {
            const used = process.cpuUsage(cpu);
            recordBySql(took, (used.user + used.system) / 1000, this.source);
          }
        }
      };
    }
    const iterate = proto.iterate;
    proto.iterate = function countedIterate(...args) {
      totals.statements += 1;
      return iterate.apply(this, args);
    };
  } catch {
    /* no better-sqlite3 */
  }
}

function timeRequests() {
  // 'close' comes after the answer is sent, and also when the client goes away first
  subscribe('http.server.request.start', ({ response }) => {
    const started = performance.now();
    requestClock.begin();
    response.once('close', () => {
      requestClock.end();
      totals.requests += 1;
      totals.requestMs += performance.now() - started;
    });
  });
}

const relaying = cluster.isPrimary && Number(process.env.SERVER_PROCESSES ?? 1) > 1;

if (relaying && process.send && process.channel) {
  const listening = new Set();
  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker) => listening.delete(worker));
  cluster.on('message', (worker, message) => {
    if (message?.type === 'load-probe') process.send({ ...message, pid: worker.process.pid });
  });
  process.on('message', (message) => {
    if (message?.type === 'load-probe-workers') {
      process.send({
        type: 'load-probe-workers',
        pids: [...listening].map((worker) => worker.process.pid),
      });
    } else if (message?.type === 'load-probe') {
      const worker = [...listening].find((w) => w.process.pid === message.pid);
      if (worker?.isConnected()) worker.send(message);
    }
  });
  process.channel.unref();
} else if (process.send && process.channel) {
  wrapDrivers();
  timeRequests();
  // two monitors: one reset at every sample (the chart), one reset when the test says a
  // step begins (the limit is checked over a whole step)
  const sample = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  sample.enable();
  window.enable();
  // a value is the time between two timer turns; the timer's own period is not delay
  const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  const figures = (h) =>
    h.count === 0
      ? { p50: 0, p99: 0, max: 0 }
      : { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
  process.on('message', (message) => {
    if (message?.type !== 'load-probe') return;
    const answer = {
      type: 'load-probe',
      pid: process.pid,
      sample: figures(sample),
      window: figures(window),
      memory: process.memoryUsage(),
      cpu: process.cpuUsage(),
      totals: { ...totals },
    };
    sample.reset();
    if (message.resetWindow) window.reset();
    process.send(answer);
  });
  // the channel must not keep a server that is shutting down alive
  process.channel.unref();
}
