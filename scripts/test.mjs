#!/usr/bin/env node
// `npm test`: the whole suite. Static checks, unit and integration tests (the server suite on
// SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL), then browser journeys.
// Ends with one summary line "Total: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const env = { ...process.env, TZ: 'UTC', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const notes = [];

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) problems.push(`${label} (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// 1. Static checks
run('Prettier', 'npx', ['prettier', '--check', '.']);
run('ESLint', 'npx', ['eslint', '.', '--max-warnings=0']);
for (const project of ['packages/domain', 'apps/server', 'apps/web', 'e2e']) {
  run(`TypeScript ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']);
}

// 2. Unit and integration tests
const projects = ['domain', 'web', 'server-sqlite'];
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
run('Vitest (' + projects.join(', ') + ')', 'npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else {
  problems.push('Vitest wrote no report');
}

// 3. Browser journeys against the built product
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (run('Build', 'npm', ['run', 'build'])) {
    const playwrightReport = join(reports, 'playwright.json');
    run('Playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    });
    const stats = readJson(playwrightReport)?.stats;
    if (stats) {
      totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      totals.failed += stats.unexpected ?? 0;
      totals.skipped += stats.skipped ?? 0;
    } else {
      problems.push('Playwright wrote no report');
    }
  }
} else if (ci) {
  problems.push(`Chromium not found at ${chromium}: CI must run the browser tests`);
} else {
  notes.push(
    `SKIPPED: browser tests (Debian's chromium not found at ${chromium}; apt-get install chromium).`,
  );
}

console.log('\n=== Summary ===');
for (const note of notes) console.log(note);
for (const problem of problems) console.log(`FAILED: ${problem}`);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
