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

  it('a memo change announced on one instance is judged and sent where its watchers are', async () => {
    const [here, there] = hubs as [RealtimeHub, RealtimeHub];
    const judged: Array<{ instance: string; watchers: number[]; skip?: number[] }> = [];
    for (const [instance, hub] of [
      ['here', here],
      ['there', there],
    ] as const) {
      // the audience rule here: everyone but user 56 may see the memo's comments
      hub.judgeMemoChanges('comment', async (announcement, watchers) => {
        judged.push({ instance, watchers, skip: 'skip' in announcement ? announcement.skip : [] });
        return watchers.filter((id) => id !== 56);
      });
    }
    const got: string[] = [];
    const watcher = { send: (utf8: Buffer) => got.push(`51:${utf8.toString()}`) };
    const stranger = { send: (utf8: Buffer) => got.push(`56:${utf8.toString()}`) };
    const told = { send: (utf8: Buffer) => got.push(`57:${utf8.toString()}`) };
    there.attach(51, watcher);
    there.watchMemos(51, watcher, [8]);
    there.attach(56, stranger);
    there.watchMemos(56, stranger, [8]);
    there.attach(57, told);
    there.watchMemos(57, told, [8]);
    await here.announceMemoChange({ memoId: 8, change: 'comment', actorId: 3, skip: [57] });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got).toEqual(['51:{"message_type":"memo_changed","memo_id":8,"change":"comment"}']);
    expect(judged).toEqual([{ instance: 'there', watchers: [51, 56], skip: [57] }]);
  });
});
