import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeHub } from './hub.js';
import { createRedisHub } from './redis-hub.js';

/**
 * Two brokered hubs on one channel (two server instances, no database needed): CI points
 * TEST_REDIS_URL at its Redis; elsewhere a throwaway redis-server is started when installed.
 */
const sharedRedisUrl = process.env.TEST_REDIS_URL;
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;
describe.skipIf(!sharedRedisUrl && !redisInstalled)('brokered hub (redis, no database)', () => {
  let server: ChildProcess | undefined;
  const hubs: RealtimeHub[] = [];

  beforeAll(async () => {
    let url = sharedRedisUrl ?? '';
    if (!sharedRedisUrl) {
      const port = 28000 + Math.floor(Math.random() * 2000);
      server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      url = `redis://127.0.0.1:${port}`;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const channel = `memoria:test:${process.pid}:${Date.now()}`;
    for (let i = 0; i < 2; i += 1) {
      hubs.push(await createRedisHub({ url, channel, onError: () => undefined }));
    }
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    server?.kill();
  });

  it('personal messages sent on one instance reach each user on either instance', async () => {
    const [here, there] = hubs as [RealtimeHub, RealtimeHub];
    const got: string[] = [];
    there.attach(41, { send: (utf8) => got.push(`41:${utf8.toString()}`) });
    there.attach(42, { send: (utf8) => got.push(`42:${utf8.toString()}`) });
    here.attach(43, { send: (utf8) => got.push(`43:${utf8.toString()}`) });
    await here.sendEach([
      { userId: 42, message: { message_type: 'notification', n: 2 } },
      { userId: 41, message: { message_type: 'notification', n: 1 } },
      { userId: 43, message: { message_type: 'notification', n: 3, note: 'a\nb' } },
    ]);
    await vi.waitFor(() => expect(got).toHaveLength(3));
    expect(got.sort()).toEqual([
      '41:{"message_type":"notification","n":1}',
      '42:{"message_type":"notification","n":2}',
      '43:{"message_type":"notification","n":3,"note":"a\\nb"}',
    ]);
  });
});
