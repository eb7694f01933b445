import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { TEST_DB } from '../harness.js';
import { reliabilityFolder } from '../reliability-report.js';
import { caseFor, describeCase, type FuzzCase } from './cases.js';
import type { Operation } from './openapi.js';
import { problemWith, sendInjected, sendOverSocket, type Answer } from './send.js';
import type { FuzzWorld } from './world.js';

/** The knobs: FUZZ_SEED (reproduce a run), FUZZ_RUNS (cases per operation), FUZZ_OPERATION. */
export interface FuzzSettings {
  seed: number;
  runs: number;
  /** only the operation with this key ("POST /api/memo"), to reproduce a failure */
  only?: string;
  concurrency: number;
  timeoutMs: number;
}

export const DEFAULT_FUZZ_SEED = 20261128;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : DEFAULT_FUZZ_SEED;
  const runs = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : 200;
  if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) {
    throw new Error('FUZZ_SEED and FUZZ_RUNS are whole numbers (FUZZ_RUNS at least 1)');
  }
  const concurrency = env.FUZZ_CONCURRENCY ? Number(env.FUZZ_CONCURRENCY) : 6;
  return { seed, runs, only: env.FUZZ_OPERATION || undefined, concurrency, timeoutMs: 10_000 };
}

export interface Finding {
  operation: string;
  index: number;
  problem: string;
  request: string;
}

export interface FuzzTally {
  cases: number;
  socketCases: number;
  /** cases sent per operation key */
  perOperation: Map<string, number>;
  /** answers per operation: status → count */
  statuses: Map<string, Map<number, number>>;
  /** operations where a signed-in case got past the session check (an answer other than 401) */
  signedInReached: Set<string>;
  /** operations whose cases ended the shared session: run again with a session per case */
  sessionPerCase: string[];
  /** wall time per operation key, in milliseconds (where a run's time goes) */
  msPerOperation: Map<string, number>;
  findings: Finding[];
}

/** A seed per operation (FNV-1a of its key mixed with the run's seed): adding a route leaves the other operations' cases as they were. */
export function operationSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

const BAD_TOKENS = [
  'Bearer garbage',
  // an unsigned token (alg none) claiming user 1
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidXNlcklkIjoxfQ.',
  'Bearer ',
  `Bearer ${'a'.repeat(5000)}`,
  'Basic YTpi',
  'bearer a.b.c',
];

let addressCounter = 0;
/** A different client address per case: the rate limits count per address. */
function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function headersFor(world: FuzzWorld, c: FuzzCase, index: number, freshSession: boolean) {
  const headers = { ...c.headers };
  if (c.caller === 'user') {
    headers.authorization = freshSession
      ? `Bearer ${await world.freshToken()}`
      : world.user.headers.authorization;
  } else if (c.caller === 'bad-token') {
    headers.authorization = BAD_TOKENS[index % BAD_TOKENS.length] as string;
  }
  return headers;
}

async function runCases(
  world: FuzzWorld,
  op: Operation,
  cases: FuzzCase[],
  settings: FuzzSettings,
  tally: FuzzTally,
  freshSession: boolean,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next;
      next += 1;
      const c = cases[index] as FuzzCase;
      let problem: string | undefined;
      try {
        const headers = await headersFor(world, c, index, freshSession);
        const answer: Answer = c.socket
          ? await sendOverSocket(world.port, c, headers, settings.timeoutMs)
          : await sendInjected(world.t.app, c, headers, nextAddress(), settings.timeoutMs);
        problem = problemWith(answer);
        const counts = tally.statuses.get(op.key) ?? new Map<number, number>();
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        tally.statuses.set(op.key, counts);
        if (c.caller === 'user' && answer.status !== 401) tally.signedInReached.add(op.key);
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      tally.cases += 1;
      if (c.socket) tally.socketCases += 1;
      tally.perOperation.set(op.key, (tally.perOperation.get(op.key) ?? 0) + 1);
      if (problem)
        tally.findings.push({ operation: op.key, index, problem, request: describeCase(c) });
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
}

/** DELETE last: the objects the other operations aim at stay there as long as possible. */
const order = (op: Operation) => (op.method === 'DELETE' ? 1 : 0);

/**
 * Sends `settings.runs` generated cases to every operation. An operation whose cases end
 * the fuzz account's session (sign-out) is not dropped: it runs again, each case with a
 * session of its own, so that every one of its cases reaches the handler signed in.
 */
export async function fuzzOperations(
  world: FuzzWorld,
  operations: Operation[],
  settings: FuzzSettings,
): Promise<FuzzTally> {
  const tally: FuzzTally = {
    cases: 0,
    socketCases: 0,
    perOperation: new Map(),
    statuses: new Map(),
    signedInReached: new Set(),
    sessionPerCase: [],
    msPerOperation: new Map(),
    findings: [],
  };
  const ordered = [...operations].sort((a, b) => order(a) - order(b));
  for (const op of ordered) {
    const started = performance.now();
    const cases = fc.sample(caseFor(op, world.refs), {
      seed: operationSeed(settings.seed, op.key),
      numRuns: settings.runs,
    });
    await runCases(world, op, cases, settings, tally, false);
    if (!(await world.sessionAlive())) {
      await world.renewSession();
      tally.sessionPerCase.push(op.key);
      await runCases(world, op, cases, settings, tally, true);
      if (!(await world.sessionAlive())) await world.renewSession();
    }
    tally.msPerOperation.set(op.key, Math.round(performance.now() - started));
  }
  return tally;
}

/** The answers per operation and status, for a look at what the cases reached. */
export function writeStatuses(tally: FuzzTally): void {
  const folder = join(reliabilityFolder, '..', 'fuzz');
  mkdirSync(folder, { recursive: true });
  const table = Object.fromEntries(
    [...tally.statuses].map(([key, counts]) => [key, Object.fromEntries(counts)]),
  );
  writeFileSync(join(folder, `statuses-${TEST_DB}.json`), JSON.stringify(table, null, 1));
  const slowestFirst = [...tally.msPerOperation].sort((a, b) => b[1] - a[1]);
  writeFileSync(
    join(folder, `milliseconds-${TEST_DB}.json`),
    JSON.stringify(Object.fromEntries(slowestFirst), null, 1),
  );
}

/** The failure message: how to reproduce, then the first findings. */
export function findingsReport(settings: FuzzSettings, tally: FuzzTally, shown = 12): string {
  if (tally.findings.length === 0) return 'no findings';
  const operations = [...new Set(tally.findings.map((f) => f.operation))];
  const lines = [
    `${tally.findings.length} failing cases in ${operations.length} operations (FUZZ_SEED=${settings.seed}, FUZZ_RUNS=${settings.runs}).`,
    `Reproduce one: FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs} FUZZ_OPERATION='${operations[0]}' npx vitest run --project server-${TEST_DB} apps/server/src/http/fuzz.test.ts`,
  ];
  for (const f of tally.findings.slice(0, shown)) {
    lines.push(`- ${f.operation} case #${f.index}: ${f.problem}\n    ${f.request}`);
  }
  return lines.join('\n');
}
