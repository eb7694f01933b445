import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
    beforeAll(() => {
      limiter = make();
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

const redisServer = spawnSync('redis-server', ['--version']).status === 0;
describe.skipIf(!redisServer)('failure limiter (redis)', () => {
  let server: ChildProcess;
  const port = 26000 + Math.floor(Math.random() * 2000);
  beforeAll(async () => {
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => {
    server?.kill();
  });
  limiterContract('shared counters', () =>
    createFailureLimiter({ points: 3, redisUrl: `redis://127.0.0.1:${port}` }),
  );
});
