import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';
import { browserKeys, startPushReceiver, type PushReceiver } from '../modules/push/test-support.js';
import { runCli } from './program.js';

/** memoria-admin push:news, run in this process against a test instance's database. */
describeDb('memoria-admin push:news', () => {
  let t: TestApp;
  let receiver: PushReceiver;
  const saved = { ...process.env };

  beforeAll(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp({
      config: { fetch: { allowHosts: ['127.0.0.1'], allowPrivate: false } },
    });
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
    await receiver?.close();
  });

  it('queues news for every subscription on the news topic; the server delivers it', async () => {
    const keys = browserKeys();
    const user = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push_token',
      headers: user.headers,
      payload: {
        token: JSON.stringify({
          endpoint: `${receiver.origin}/news`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        }),
      },
    });
    expect(res.statusCode).toBe(201);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const bad = await runCli(['push:news', '--title', 'Hi', '--body', 'x', '--url', 'https://x']);
      expect(bad).toBe(1);
      expect(String(err.mock.calls.at(-1)?.[0])).toContain('--url');
      const code = await runCli([
        'push:news',
        '--title',
        'Memoria 2.0',
        '--body',
        'Reactions are here',
        '--url',
        '/discover',
        '--json',
      ]);
      expect(code, String(err.mock.calls.at(-1)?.[0])).toBe(0);
      expect(JSON.parse(String(out.mock.calls.at(-1)?.[0]))).toEqual({
        queued: true,
        topic: 'news',
        subscriptions: 1,
      });
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(keys.decrypt(receiver.received[0]!.body))).toEqual({
      title: 'Memoria 2.0',
      body: 'Reactions are here',
      url: '/discover',
    });
  });
});
