import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { createFailureLimiter, type FailureLimiter } from './rate-limit.js';

async function expectBlocked(limiter: FailureLimiter, account: string, ip: string) {
  const error = await limiter.check('login', account, ip).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(429);
  expect(Number((error as ApiError).options.headers?.['retry-after'])).toBeGreaterThan(0);
}

function limiterContract(name: string, make: () => FailureLimiter) {
  describe(name, () => {
    let limiter: FailureLimiter;
    beforeAll(async () => {
      limiter = make();
      await limiter.ready();
    });
    afterAll(() => limiter.close());

    it('blocks an account after the allowed failures, from any address', async () => {
      const account = `acct-${Date.now()}@x.test`;
      for (let i = 0; i < 3; i += 1) {
        await limiter.check('login', account, `10.0.0.${i}`);
        await limiter.fail('login', account, `10.0.0.${i}`);
      }
      await expectBlocked(limiter, account, '10.0.0.99');
      await limiter.clear('login', account);
      await limiter.check('login', account, '10.0.0.98');
    });

    it('blocks an address after the allowed failures, for any account', async () => {
      const ip = `10.1.${Math.floor(Math.random() * 250)}.1`;
      for (let i = 0; i < 3; i += 1) await limiter.fail('login', `a${i}-${Date.now()}@x.test`, ip);
      await expectBlocked(limiter, 'fresh@x.test', ip);
      // other actions count separately
      await limiter.check('pin', 'fresh@x.test', ip);
    });
  });
}

limiterContract('failure limiter (memory)', () => createFailureLimiter({ points: 3 }));

/**
 * Redis: CI points TEST_REDIS_URL at its running server; elsewhere a throwaway redis-server is
 * started when one is installed.
 */
const sharedRedisUrl = process.env.TEST_REDIS_URL;
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;
describe.skipIf(!sharedRedisUrl && !redisInstalled)('failure limiter (redis)', () => {
  let server: ChildProcess | undefined;
  let redisUrl = sharedRedisUrl ?? '';
  const keyPrefix = `test-fail-${randomUUID()}`;
  beforeAll(async () => {
    if (sharedRedisUrl) return;
    const port = 26000 + Math.floor(Math.random() * 2000);
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => {
    server?.kill();
  });
  limiterContract('one instance', () => createFailureLimiter({ points: 3, redisUrl, keyPrefix }));

  it('shares counters between server instances', async () => {
    const first = createFailureLimiter({ points: 3, redisUrl, keyPrefix });
    const second = createFailureLimiter({ points: 3, redisUrl, keyPrefix });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const account = `shared-${randomUUID()}@x.test`;
      await first.fail('login', account, '10.9.0.1');
      await second.fail('login', account, '10.9.0.2');
      await first.fail('login', account, '10.9.0.3');
      await expectBlocked(second, account, '10.9.0.4');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
