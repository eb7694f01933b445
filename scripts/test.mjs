#!/usr/bin/env node
// `npm test`: the whole suite. Static checks and the build (side by side, one per core),
// unit and integration tests (the server suite on SQLite and, when TEST_DATABASE_URL is set,
// again on PostgreSQL), then browser journeys. TEST_SIDE_BY_SIDE=1 starts the journeys right
// after the build, beside Vitest (not the default until it has been measured without a flaky
// journey: docs/TESTING.md, "Where the time goes"). Prints each stage's duration, a table of
// them, and ends with one summary line "Total: N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const env = { ...process.env, TZ: 'UTC', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
// Static checks are single-threaded: one per core (TEST_JOBS overrides).
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const sideBySide = process.env.TEST_SIDE_BY_SIDE === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const notes = [];
const durations = [];
const startedAt = Date.now();

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function finish(label, status, ms) {
  durations.push({ label, ms, ok: status === 0 });
  if (status !== 0) problems.push(`${label} (exit ${status})`);
  return status === 0;
}

/** A long stage: its output streams as it comes. Resolves when it has ended. */
async function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const start = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, ...options });
    child.on('error', () => resolve('spawn error'));
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  const ms = Date.now() - start;
  console.log(`=== ${label}: ${seconds(ms)} ===`);
  return finish(label, status, ms);
}

/**
 * A long stage run beside a streaming one: its output is kept and printed whole by
 * `print()`, once the streaming stage is over, so the two never interleave.
 */
function runQuietly(label, command, args, options = {}) {
  console.log(`\n=== ${label}: started; its output follows when the stage beside it ends ===`);
  const start = Date.now();
  const ended = capture(command, args, options).then(({ status, output }) => ({
    status,
    output,
    ms: Date.now() - start,
  }));
  return {
    async print() {
      const { status, output, ms } = await ended;
      console.log(`\n=== ${label}: ${seconds(ms)} ===`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      return finish(label, status, ms);
    },
  };
}

/**
 * Stages that do not depend on each other, `jobs` at a time. Each one's output is kept and
 * printed whole when it ends, so parallel stages never interleave their lines.
 */
async function runSideBySide(stages) {
  const queue = [...stages];
  const outcomes = new Map();
  async function worker() {
    for (let stage = queue.shift(); stage; stage = queue.shift()) {
      const start = Date.now();
      const { status, output } = await capture(stage.command, stage.args);
      const ms = Date.now() - start;
      console.log(`\n=== ${stage.label}: ${seconds(ms)} ===`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      outcomes.set(stage.label, finish(stage.label, status, ms));
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, stages.length) }, worker));
  return outcomes;
}

function capture(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 'spawn error', output: String(error) }));
    child.on('close', (code, signal) => resolve({ status: code ?? signal, output }));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// 1. Static checks, and the build the journeys need, side by side
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browsers = existsSync(chromium);
const staticStages = [
  // the slowest first, so the last one to start is a short one
  ...(browsers ? [{ label: 'Build', command: 'npm', args: ['run', 'build'] }] : []),
  { label: 'ESLint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { label: 'Prettier', command: 'npx', args: ['prettier', '--check', '.'] },
  // the four projects, with TypeScript 7 (scripts/typecheck.mjs)
  { label: 'TypeScript', command: process.execPath, args: ['scripts/typecheck.mjs'] },
];
console.log(`\n=== Static checks${browsers ? ' and build' : ''} (${jobs} at a time) ===`);
const staticOutcomes = await runSideBySide(staticStages);
const nativeBuilt = await nativeBuild();

/**
 * `.ci/run` installs without install scripts and compiles better-sqlite3 (its one long script:
 * SQLite from source, about 80 s on one core) beside the static checks, which never load it.
 * TEST_NATIVE_BUILD names that compile's log; its exit status lands in `<log>.status`. The
 * tests wait for it here, before anything that opens a database.
 */
async function nativeBuild() {
  const log = process.env.TEST_NATIVE_BUILD;
  if (!log) return true;
  const start = Date.now();
  while (!existsSync(`${log}.status`)) await new Promise((resolve) => setTimeout(resolve, 500));
  const status = Number(readFileSync(`${log}.status`, 'utf8').trim());
  console.log(
    `\n=== Native build (better-sqlite3): waited ${seconds(Date.now() - start)} for it ===`,
  );
  if (status === 0) return true;
  process.stdout.write(readFileSync(log, 'utf8'));
  problems.push(`the native build of better-sqlite3 (exit ${status})`);
  return false;
}

// 2. Unit and integration tests, and 3. browser journeys against the built product, side by side
const projects = ['domain', 'web', 'web-isolated', 'server-sqlite'];
if (env.TEST_DATABASE_URL) {
  projects.push('server-postgres');
} else if (ci) {
  problems.push('TEST_DATABASE_URL is not set: CI must run the PostgreSQL half');
} else {
  notes.push(
    'SKIPPED: the PostgreSQL half of the server suite (set TEST_DATABASE_URL=postgres://user@host:5432/db to run it).',
  );
}
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const vitestStage = [
  'Vitest (' + projects.join(', ') + ')',
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
    // each file's duration, for `npm run test:durations` (docs/TESTING.md)
    '--reporter=./scripts/vitest/durations-reporter.mjs',
  ],
];
const playwrightStage = [
  'Playwright',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  { env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } },
];
const journeys = nativeBuilt && browsers && staticOutcomes.get('Build');
if (!nativeBuilt) {
  // nothing below can open a database
} else if (journeys && sideBySide) {
  // Vitest streams; the journeys' output is printed whole after it.
  const playwright = runQuietly(...playwrightStage);
  await run(...vitestStage);
  await playwright.print();
} else {
  await run(...vitestStage);
  if (journeys) await run(...playwrightStage);
}

const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // named in the summary, the end of the output, which is what a CI log shows first
  for (const file of vitest.testResults ?? []) {
    const path = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) problems.push(`test: ${path} › ${test.fullName}`);
    if (failed.length === 0 && file.status === 'failed') problems.push(`test file: ${path}`);
  }
} else {
  problems.push('Vitest wrote no report');
}

if (journeys) {
  const report = readJson(playwrightReport);
  if (report?.stats) {
    const { stats } = report;
    // A journey that failed and then passed on its retry is flaky. It counts as passed, so that
    // one timing accident on a busy 2-core machine does not hold back everything else, but it is
    // named with the first attempt's error, and goes on the list in docs/TESTING.md to be fixed.
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
    for (const { title, error } of failedJourneys(report, 'flaky'))
      notes.push(`FLAKY journey (passed on its retry): ${title}\n  first attempt: ${error}`);
    for (const { title, error } of failedJourneys(report, 'unexpected'))
      problems.push(`journey: ${title}\n  ${error}`);
  } else {
    problems.push('Playwright wrote no report');
  }
} else if (browsers) {
  problems.push(`Playwright did not run: the ${nativeBuilt ? 'build' : 'native build'} failed`);
} else if (ci) {
  problems.push(`Chromium not found at ${chromium}: CI must run the browser tests`);
} else {
  notes.push(
    `SKIPPED: browser tests (Debian's chromium not found at ${chromium}; apt-get install chromium).`,
  );
}

/**
 * "file › title" of every test with that outcome ("flaky", "unexpected") in a Playwright report,
 * with where and how its first failed attempt failed: all a CI log keeps of it.
 */
function failedJourneys(report, outcome) {
  const found = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== outcome) continue;
        const failed = (test.results ?? []).find((result) => result.status !== 'passed');
        found.push({ title: [...path, spec.title].join(' › '), error: describeError(failed) });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  return found;
}

function describeError(result) {
  if (!result) return 'no failed attempt recorded';
  const error = result.errors?.[0] ?? result.error;
  // eslint-disable-next-line no-control-regex -- the report keeps the terminal's colour codes
  const message = (error?.message ?? result.status).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = message
    .split('\n')
    .filter((line) => line.trim() !== '')
    // without the source snippet Playwright appends ("  12 | await …")
    .filter((line) => !/^\s*>?\s*\d+ \|/.test(line) && !/^\s+\|/.test(line))
    .slice(0, 6);
  const at = error?.location
    ? ` (${error.location.file.split('/').slice(-2).join('/')}:${error.location.line})`
    : '';
  return `${result.status}${at}: ${lines.join('\n    ')}`;
}

printReliability();

/** The figures the reliability suites left in test-results/reliability/ (see docs/RELIABILITY.md). */
function printReliability() {
  const folder = join(reports, 'reliability');
  if (!existsSync(folder)) return;
  const rows = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readJson(join(folder, name)))
    .filter(Boolean)
    .sort((a, b) => `${a.suite}${a.database}`.localeCompare(`${b.suite}${b.database}`));
  if (rows.length === 0) return;
  console.log('\n=== Reliability ===');
  for (const row of rows) {
    const operations = row.operations === undefined ? '' : `, ${row.operations} operations`;
    const detail = row.detail ? ` (${row.detail})` : '';
    console.log(
      `${row.suite} on ${row.database}: ${row.cases} cases${operations}, ${row.failures} failures${detail}`,
    );
    if (row.failures > 0)
      problems.push(`reliability: ${row.suite} on ${row.database} found ${row.failures}`);
  }
}

console.log('\n=== Stage durations ===');
const width = Math.max(...durations.map((d) => d.label.length));
for (const { label, ms, ok } of durations) {
  console.log(`${label.padEnd(width)}  ${seconds(ms).padStart(8)}${ok ? '' : '  FAILED'}`);
}
console.log(`${'Wall clock'.padEnd(width)}  ${seconds(Date.now() - startedAt).padStart(8)}`);

console.log('\n=== Summary ===');
for (const note of notes) console.log(note);
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
