import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser, type SignedIn } from '../test/factories.js';
import { runCli } from './program.js';

/** memoria-admin notifications:system, run in this process against a test instance's database. */
describeDb('memoria-admin notifications:system', () => {
  let t: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await createTestApp();
    const target = t.config.database;
    process.env.DATA_DIR = t.dataDir;
    if (target.kind === 'postgres') {
      process.env.DATABASE_URL = target.url;
      process.env.DATABASE_SCHEMA = target.schema;
    } else process.env.DATABASE_URL = `sqlite:${target.file}`;
  });
  afterAll(async () => {
    process.env = saved;
    await t?.close();
  });

  async function cli(args: string[]) {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await runCli(args);
      return {
        code,
        out: String(out.mock.calls.at(-1)?.[0] ?? ''),
        err: String(err.mock.calls.at(-1)?.[0] ?? ''),
      };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  const systemItems = async (who: SignedIn) => {
    const res = await t.app.inject({ url: '/api/notifications', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { type: string; system_notification: unknown }[]).filter(
      (n) => n.type === 'system_notification',
    );
  };

  it('puts the announcement in the named lists, then in every list, and the server delivers it', async () => {
    const ada = await signedInUser(t, { name: 'Ada' });
    const bo = await signedInUser(t, { name: 'Bo' });

    const named = await cli([
      'notifications:system',
      '--title',
      'Maintenance tonight',
      '--description',
      'Memoria is away from 22:00 to 22:15.',
      '--url',
      '/discover',
      '--user',
      String(ada.id),
      '--json',
    ]);
    expect(named.code, named.err).toBe(0);
    expect(JSON.parse(named.out)).toEqual({ notified: 1 });
    expect(await systemItems(ada)).toEqual([
      expect.objectContaining({
        system_notification: {
          title: 'Maintenance tonight',
          description: 'Memoria is away from 22:00 to 22:15.',
          url: '/discover',
        },
      }),
    ]);
    expect(await systemItems(bo)).toEqual([]);
    const unread = await t.app.inject({ url: '/api/notifications/unread', headers: ada.headers });
    expect(unread.json()).toEqual({ count: 1 });

    const all = await cli([
      'notifications:system',
      '--title',
      'Hello',
      '--description',
      'All',
      '--all',
    ]);
    expect(all.code, all.err).toBe(0);
    expect(await systemItems(bo)).toHaveLength(1);
    expect(await systemItems(ada)).toHaveLength(2);
    // the dispatch jobs written with the rows run in the server and succeed
    await t.app.jobs.runDue();
    const failed = await t.database.db
      .selectFrom('jobs')
      .select('type')
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toEqual([]);
  });

  it('refuses what it cannot send, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('activity_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const args of [
      ['--title', 'x', '--description', 'y'],
      ['--title', 'x', '--description', 'y', '--all', '--user', '1'],
      ['--title', ' ', '--description', 'y', '--all'],
      ['--title', 'x', '--description', 'y', '--all', '--url', 'https://elsewhere.example'],
      ['--title', 'x', '--description', 'y', '--user', 'abc'],
    ]) {
      const run = await cli(['notifications:system', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.err).not.toBe('');
    }
    const after = await t.database.db
      .selectFrom('activity_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
