import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { loadConfig } from '../config.js';
import { createJobQueue } from '../jobs/queue.js';
import { findJob } from '../jobs/store.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface JobAnswer {
  id: number;
  type: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

// The commands run in this process (cli-harness.ts); a few run the built binary in a child
// process, for its exit codes and output. Give a busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin db:*, jobs:* and stats (the command program and the binary)', () => {
  let cli: CliInstance;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await cli.json('db:migrate');
  });
  afterAll(async () => {
    await cli?.close();
  });

  const queue = () => createJobQueue({ database: cli.database(), log: quiet, workerId: 'test' });
  const fail = async (id: number, error: string) => {
    await cli
      .database()
      .db.updateTable('jobs')
      .set({ status: 'failed', attempts: 5, last_error: error })
      .where('id', '=', id)
      .execute();
  };

  it('takes the PostgreSQL schema from DATABASE_SCHEMA and refuses a bad one', () => {
    const url = 'postgres://u@db/memoria';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: 'tenant_1' }).database).toEqual({
      kind: 'postgres',
      url,
      schema: 'tenant_1',
      poolSize: 20,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: 'x; drop table users' })).toThrow(
      /DATABASE_SCHEMA/,
    );
  });

  it('jobs:list shows jobs newest first, failed only with --failed', async () => {
    const jobs = queue();
    const mail = await jobs.enqueue('mail.send', { to: 'a@example.test' });
    const video = await jobs.enqueue('video.convert', { id: 7 });
    const publish = await jobs.enqueue(
      'memo.publish',
      { id: 9 },
      { runAt: new Date(Date.now() + 3_600_000) },
    );
    await fail(video, 'ffmpeg exited with code 1\nsecond line');

    const all = await cli.json<{ total: number; members: JobAnswer[] }>('jobs:list');
    expect(all.members.map((j) => j.id)).toEqual([publish, video, mail]);
    expect(all.total).toBe(3);
    const paged = await cli.json<{ total: number; members: JobAnswer[] }>(
      'jobs:list',
      '--limit',
      '1',
      '--offset',
      '1',
    );
    expect(paged).toMatchObject({ total: 3, members: [{ id: video }] });
    const failed = await cli.json<{ members: JobAnswer[] }>('jobs:list', '--failed');
    expect(failed.members).toMatchObject([
      {
        id: video,
        type: 'video.convert',
        status: 'failed',
        last_error: 'ffmpeg exited with code 1\nsecond line',
      },
    ]);
    const text = await cli.binary('jobs:list', '--status', 'failed');
    expect(text.stdout).toMatch(/ID\s+TYPE\s+STATUS\s+ATTEMPTS/);
    expect(text.stdout).toContain('ffmpeg exited with code 1 second line');
    const bad = await cli.admin('jobs:list', '--status', 'stuck');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--status must be one of queued, running, done, failed');
  });

  it('jobs:retry queues failed jobs again; refuses others; --all-failed takes them all', async () => {
    const jobs = queue();
    const a = await jobs.enqueue('retry.a', {});
    const b = await jobs.enqueue('retry.b', {});
    const keyed = await jobs.enqueue('retry.keyed', { v: 1 }, { uniqueKey: 'k1' });
    await fail(a, 'boom');
    await fail(b, 'boom');
    await fail(keyed, 'boom');
    // A newer job waits under the same key: the failed one stays failed.
    await jobs.enqueue('retry.keyed', { v: 2 }, { uniqueKey: 'k1' });

    const queuedJob = await jobs.enqueue('retry.c', {});
    const refusals: Array<[string[], string]> = [
      [[], 'give the ids of failed jobs, or --all-failed'],
      [['abc'], 'job id must be a number'],
      [['999999'], 'no job 999999'],
      [[String(a), '--all-failed'], 'not both'],
      [[String(queuedJob), String(a)], `job ${queuedJob} is queued, not failed`],
    ];
    const refused = await Promise.all(refusals.map(([args]) => cli.admin('jobs:retry', ...args)));
    refused.forEach((result, i) => {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(refusals[i]![1]);
    });
    // All or nothing: a was not retried either.
    expect((await findJob(cli.database().db, a))?.status).toBe('failed');

    const one = await cli.json<{ requeued: number[] }>('jobs:retry', String(a));
    expect(one.requeued).toEqual([a]);
    expect(await findJob(cli.database().db, a)).toMatchObject({ status: 'queued', attempts: 0 });

    const rest = await cli.json<{ requeued: number[] }>('jobs:retry', '--all-failed');
    expect(rest.requeued).toContain(b);
    expect(rest.requeued).not.toContain(keyed);
    expect((await findJob(cli.database().db, keyed))?.status).toBe('failed');
    expect((await cli.admin('jobs:retry', '--all-failed')).stdout).toContain('No failed jobs.');
  });

  it('stats counts accounts, memos, collections, storage and jobs', async () => {
    for (const email of ['s1@example.test', 's2@example.test']) {
      await cli.json('users:create', email, '--name', 'S', '--generate-password');
    }
    const { db, dialect } = cli.database();
    await db
      .updateTable('users')
      .set({ storage_used: 1500 })
      .where('usermail', '=', 's1@example.test')
      .execute();
    await db
      .updateTable('users')
      .set({ disabled_at: dialect.time(new Date()) })
      .where('usermail', '=', 's2@example.test')
      .execute();
    const counts = async (table: 'jobs') =>
      (await db.selectFrom(table).select(['status']).execute()).reduce<Record<string, number>>(
        (acc, row) => ({ ...acc, [row.status]: (acc[row.status] ?? 0) + 1 }),
        {},
      );
    const byStatus = await counts('jobs');
    const stats = await cli.json<{
      users: { total: number; active: number; disabled: number };
      memos: number;
      collections: number;
      storage_used_bytes: number;
      jobs: { pending: number; running: number; failed: number };
    }>('stats');
    expect(stats).toEqual({
      users: { total: 2, active: 2, disabled: 1 },
      memos: 0,
      collections: 0,
      storage_used_bytes: 1500,
      jobs: { pending: byStatus.queued ?? 0, running: 0, failed: byStatus.failed ?? 0 },
    });
    expect(stats.jobs.pending).toBeGreaterThan(0);
    expect(stats.jobs.failed).toBeGreaterThan(0);
    const text = await cli.binary('stats');
    expect(text.stdout).toMatch(/accounts:\s+2 \(2 activated, 1 disabled\)/);
    expect(text.stdout).toMatch(/storage used:\s+1\.5 KB/);
  });

  it('db:backup writes a consistent SQLite copy, or explains pg_dump on PostgreSQL', async () => {
    const file = path.join(cli.dataDir, 'backups', 'memoria-backup.db');
    if (cli.target.kind === 'postgres') {
      const answer = await cli.binary('db:backup', file, '--json');
      expect(answer.code).toBe(2);
      const parsed = JSON.parse(answer.stdout) as { written: boolean; backup: string };
      expect(parsed.written).toBe(false);
      expect(parsed.backup).toContain(`pg_dump --format=custom --schema=${cli.target.schema}`);
      expect(parsed.backup).toContain('"$DATABASE_URL"');
      const text = await cli.admin('db:backup', file);
      expect(text.code).toBe(2);
      expect(text.stdout).toContain('pg_dump');
      expect(text.stderr).toContain('no backup written');
      expect(fs.existsSync(file)).toBe(false);
      return;
    }

    const missingFolder = await cli.binary('db:backup', file);
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.stderr).toContain('does not exist');
    fs.mkdirSync(path.dirname(file));
    const written = await cli.json<{ written: boolean; bytes: number }>('db:backup', file);
    expect(written.written).toBe(true);
    expect(written.bytes).toBe(fs.statSync(file).size);
    const copy = new SQLite(file, { readonly: true });
    try {
      const users = copy.prepare('select usermail from users order by id').all() as Array<{
        usermail: string;
      }>;
      expect(users.map((u) => u.usermail)).toEqual(['s1@example.test', 's2@example.test']);
    } finally {
      copy.close();
    }
    const again = await cli.admin('db:backup', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('add --force to replace it');
    expect((await cli.binary('db:backup', file, '--force')).code).toBe(0);
    const itself = await cli.admin('db:backup', path.join(cli.dataDir, 'memoria.db'), '--force');
    expect(itself.code).toBe(1);
    expect(itself.stderr).toContain('is the database itself');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['memoria-backup.db']);
  });
});
