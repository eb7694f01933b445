import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createTestApp, skipReason, type TestApp } from './harness.js';

/**
 * Two server instances on one database and one Redis, for what must reach sockets held by
 * another instance (docs/notes/realtime-delivery.md). CI points TEST_REDIS_URL at its Redis;
 * elsewhere a throwaway redis-server is started when one is installed.
 */
const sharedRedisUrl = process.env.TEST_REDIS_URL;
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** Why such a test cannot run here, or undefined. */
export const twoInstancesSkipReason =
  skipReason ?? (!sharedRedisUrl && !redisInstalled ? 'no Redis' : undefined);

export interface TwoInstances {
  /** The first instance, with the harness's helpers. */
  t: TestApp;
  /** The second: its own process state and connections, the same database and Redis. */
  second: FastifyInstance;
  close(): Promise<void>;
}

export async function startTwoInstances(
  options: { config?: Partial<AppConfig> } = {},
): Promise<TwoInstances> {
  let server: ChildProcess | undefined;
  let redisUrl = sharedRedisUrl ?? '';
  if (!sharedRedisUrl) {
    const port = 26000 + Math.floor(Math.random() * 4000);
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const t = await createTestApp({ config: { ...options.config, redisUrl } });
  const secondDb: Database = openDatabase(t.config.database);
  const second = await buildApp({
    config: t.config,
    database: secondDb,
    secrets: t.secrets,
    logger: false,
    mailTransport: t.mail.transport,
  });
  await second.ready();
  return {
    t,
    second,
    async close() {
      await second.close();
      await secondDb.destroy();
      await t.close();
      server?.kill();
    },
  };
}
