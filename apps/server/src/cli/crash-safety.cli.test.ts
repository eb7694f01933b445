import path from 'node:path';
import { randomInt } from 'node:crypto';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb, TEST_DB } from '../test/harness.js';
import { recordReliability } from '../test/reliability-report.js';
import { mediaRoot } from '../storage/index.js';
import { createCliInstance, sharedBundle, type CliInstance } from './cli-harness.js';
import { checkAfterRestart, readyRowsWithoutFiles } from './crash-checks.js';
import { ackedCount, noAckedWrites, runWriters, seededRandom } from './crash-writers.js';

/**
 * Crash safety (docs/RELIABILITY.md): the real server process is killed with SIGKILL while
 * writers post memos, comments and uploads, then started again on the same data. Every write
 * it acknowledged must be there, no upload may be half-visible, and SQLite's file must pass
 * its integrity check. CRASH_CYCLES sets the number of kills (3 by default), CRASH_SEED the
 * seed of the kill moments (random by default, printed with any failure).
 */
const CYCLES = Number(process.env.CRASH_CYCLES) || 3;
const SEED = Number(process.env.CRASH_SEED) || randomInt(1, 2 ** 31);
const WRITERS = 6;
/**
 * The kill comes at a seeded moment within this long after the cycle's first acknowledged
 * writes (so that a slow start on a busy machine does not make a cycle that wrote nothing).
 */
const KILL_WITHIN_MS = 1500;
const ACKS_BEFORE_KILL = 8;

// Each cycle starts a Node process; give a busy machine time.
vi.setConfig({ testTimeout: 60_000 + CYCLES * 60_000, hookTimeout: 90_000 });

describeDb('crash safety: SIGKILL while writers run', () => {
  let cli: CliInstance;
  let usermail: string;
  let password: string;
  let cycles = 0;
  let failures = 0;
  let checked = 0;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    // the writers and the checks make thousands of requests from one address in a minute
    cli.env.RATE_LIMIT_PER_MINUTE = '1000000';
    await cli.json('db:migrate');
    usermail = 'crash@example.test';
    ({ password } = await cli.json<{ password: string }>(
      'users:create',
      usermail,
      '--name',
      'Crash',
      '--generate-password',
    ));
  });
  afterAll(async () => {
    if (cycles > 0) {
      recordReliability({
        suite: 'crash',
        cases: cycles,
        failures,
        detail: `acknowledged writes checked: ${checked} (seed ${SEED})`,
      });
    }
    await cli?.close();
  });

  async function api(url: string, pathname: string, body?: object, token?: string) {
    const res = await fetch(`${url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Starts the server on the instance's data, waits for its health, signs in. */
  async function start() {
    const server = await cli.startServer();
    expect((await api(server.url, '/api/health')).status).toBe(200);
    const login = await api(server.url, '/api/login', { usermail, password });
    expect(login.status).toBe(200);
    return { server, token: login.body.token as string };
  }

  /** PRAGMA integrity_check on the database file, opened read-only while no server runs. */
  function sqliteIntegrity(): string {
    const file = path.join(cli.dataDir, 'memoria.db');
    const db = new SQLite(file, { readonly: true });
    try {
      return String(db.pragma('integrity_check', { simple: true }));
    } finally {
      db.close();
    }
  }

  it(`every acknowledged write survives ${CYCLES} kills (seed ${SEED})`, async () => {
    const killAt = seededRandom(SEED);
    const writeRandom = seededRandom(SEED + 1);
    const png = await sharp({
      create: { width: 96, height: 64, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const document = Buffer.from('A small text document for the crash test.\n'.repeat(40));
    const acked = noAckedWrites();
    const problems: string[] = [];

    let { server, token } = await start();
    const collection = await api(
      server.url,
      '/api/collection',
      { name: 'Crash test', type: 'private' },
      token,
    );
    expect(collection.status).toBe(201);
    const collectionId = collection.body.id as string;

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const target = { url: server.url, token, collectionId, png, document };
      const writing = runWriters(target, acked, writeRandom, WRITERS, cycle);
      const enough = ackedCount(acked) + ACKS_BEFORE_KILL;
      const deadline = Date.now() + 30_000;
      while (ackedCount(acked) < enough && Date.now() < deadline) await sleep(20);
      await sleep(killAt() * KILL_WITHIN_MS);
      await server.kill();
      const { refusals } = await writing;
      problems.push(...refusals.map((refusal) => `cycle ${cycle}: refused: ${refusal}`));
      cycles += 1;
      if (TEST_DB === 'sqlite') {
        const integrity = sqliteIntegrity();
        if (integrity !== 'ok') problems.push(`cycle ${cycle}: integrity_check: ${integrity}`);
      }

      ({ server, token } = await start());
      const result = await checkAfterRestart(server.url, token, acked);
      problems.push(...result.problems.map((problem) => `cycle ${cycle}: ${problem}`));
      checked = result.checked;
      failures = problems.length;
    }

    expect(await server.stop()).toBe(0);
    problems.push(...(await readyRowsWithoutFiles(cli.database(), mediaRoot(cli.dataDir))));
    if (TEST_DB === 'sqlite') {
      const integrity = sqliteIntegrity();
      if (integrity !== 'ok') problems.push(`after the last stop: integrity_check: ${integrity}`);
    }
    failures = problems.length;
    expect(problems, `seed ${SEED}`).toEqual([]);
    // the check can fail: writes were acknowledged and found (not a run that wrote nothing)
    expect(checked).toBe(ackedCount(acked));
    expect(acked.memos.size).toBeGreaterThan(0);
  });
});
