import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../test/harness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './database.js';
import { isoTime, readBool, readCount, readJson, readTime } from './dialect.js';
import { isUniqueViolation } from './errors.js';

describe('dialect helpers', () => {
  it('read either engine form', () => {
    expect(readBool(1)).toBe(true);
    expect(readBool(true)).toBe(true);
    expect(readBool(0)).toBe(false);
    expect(readBool(null)).toBe(false);
    expect(readCount('42')).toBe(42);
    expect(readCount(7)).toBe(7);
    expect(readCount(null)).toBe(0);
    expect(readJson('{"a":1}', {})).toEqual({ a: 1 });
    expect(readJson({ a: 1 }, {})).toEqual({ a: 1 });
    expect(readJson('not json', { b: 2 })).toEqual({ b: 2 });
    expect(readTime('2026-01-02T03:04:05.000Z')?.getTime()).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(readTime('nonsense')).toBeNull();
    expect(isoTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000+00:00');
    // SQLite's stored text, and anything else a driver may hand back, answer the same
    for (const stored of [
      '2026-01-02T03:04:05.000Z',
      '2026-01-02 03:04:05Z',
      '2026-01-02T04:04:05.000+01:00',
    ]) {
      expect(isoTime(stored)).toBe('2026-01-02T03:04:05.000+00:00');
    }
    expect(isoTime('nonsense')).toBeNull();
    expect(isoTime(null)).toBeNull();
  });
});

describe('SQLite commit mode', () => {
  it('waits for the disk unless the operator chose normal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoria-sync-'));
    try {
      for (const [synchronous, expected] of [
        [undefined, 2],
        ['full', 2],
        ['normal', 1],
      ] as const) {
        const database = openDatabase({ kind: 'sqlite', file: join(dir, 'x.db'), synchronous });
        const mode = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
        expect(mode.rows[0]?.synchronous).toBe(expected);
        await database.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite transactions beside another process', () => {
  it('wait for a writer in another process instead of failing once they have read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoria-lock-'));
    const file = join(dir, 'x.db');
    const database = openDatabase({ kind: 'sqlite', file });
    try {
      await sql`create table counters (id integer primary key, value integer not null)`.execute(
        database.db,
      );
      await sql`insert into counters (id, value) values (1, 0)`.execute(database.db);
      // Another process (the operator's command line) holds the write lock for 300 ms and
      // adds 10; it runs in a thread here, so it can commit while this one waits.
      const other = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         const Database = require(workerData.driver);
         const connection = new Database(workerData.file);
         connection.pragma('busy_timeout = 5000');
         connection.exec('begin immediate');
         connection.prepare('update counters set value = value + 10 where id = 1').run();
         parentPort.postMessage('locked');
         setTimeout(() => { connection.exec('commit'); connection.close(); parentPort.postMessage('committed'); }, 300);`,
        {
          eval: true,
          workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
        },
      );
      const committed = new Promise((resolve) =>
        other.on('message', (message) => message === 'committed' && resolve(undefined)),
      );
      await new Promise((resolve) => other.once('message', resolve));
      // The server's transaction reads, then writes: a read-only start would be refused
      // (SQLITE_BUSY at once, no wait) when the other commit lands in between.
      const seen = await database.db.transaction().execute(async (trx) => {
        const before = await sql<{
          value: number;
        }>`select value from counters where id = 1`.execute(trx);
        await committed;
        await sql`update counters set value = value + 1 where id = 1`.execute(trx);
        return before.rows[0]?.value;
      });
      await other.terminate();
      const after = await sql<{ value: number }>`select value from counters where id = 1`.execute(
        database.db,
      );
      expect(seen).toBe(10);
      expect(after.rows[0]?.value).toBe(11);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeDb(`database (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('migrations are idempotent', async () => {
    expect(await migrateToLatest(t.database)).toEqual([]);
  });

  it('runs the engine the tests asked for, with the SQLite pragmas', async () => {
    expect(t.database.dialect.name).toBe(TEST_DB);
    if (TEST_DB === 'sqlite') {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(
        t.database.db,
      );
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(t.database.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.database.db);
      expect(sync.rows[0]?.synchronous).toBe(2);
    } else {
      // the pool's own settings, and PGOPTIONS (vitest.config.ts sets it for this half)
      const show = async (name: 'plan_cache_mode' | 'synchronous_commit') =>
        (await sql.raw<Record<string, string>>(`show ${name}`).execute(t.database.db)).rows[0]?.[
          name
        ];
      expect(await show('plan_cache_mode')).toBe('force_generic_plan');
      expect(process.env.PGOPTIONS).toContain('synchronous_commit=off');
      expect(await show('synchronous_commit')).toBe('off');
    }
  });

  it('stores booleans, times, JSON and counts the same way on both engines', async () => {
    const { db, dialect } = t.database;
    const now = new Date();
    const row = await db
      .insertInto('users')
      .values({
        usermail: 'dialect@example.test',
        password_hash: 'x',
        is_active: dialect.bool(true),
        rules: dialect.json({ silver: true, list: [1, 2] }),
        two_factor_enabled: dialect.bool(false),
        workspace_type: null,
        created_at: dialect.time(now),
        updated_at: dialect.time(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof row.id).toBe('number');
    const read = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(readBool(read.is_active)).toBe(true);
    expect(readBool(read.two_factor_enabled)).toBe(false);
    expect(readTime(read.created_at)?.getTime()).toBe(now.getTime());
    expect(readJson(read.rules, {})).toEqual({ silver: true, list: [1, 2] });
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(readCount(count.n)).toBeGreaterThanOrEqual(1);

    const duplicate = await db
      .insertInto('users')
      .values({
        usermail: 'dialect@example.test',
        password_hash: 'x',
        is_active: dialect.bool(true),
        rules: dialect.json({}),
        two_factor_enabled: dialect.bool(false),
        workspace_type: null,
        created_at: dialect.time(now),
        updated_at: dialect.time(now),
      })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
  });
});
