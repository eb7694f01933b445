import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { createFailureLimiter, type FailureLimiter, type LimitedAction } from './rate-limit.js';

async function expectBlocked(
  limiter: FailureLimiter,
  account: string,
  ip: string,
  action: LimitedAction = 'login',
) {
  const error = await limiter.check(action, account, ip).catch((e: unknown) => e);
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

    it('blocks an account after the allowed failures, from any address (PIN, codes, sends)', async () => {
      const account = `acct-${randomUUID()}@x.test`;
      for (let i = 0; i < 3; i += 1) {
        await limiter.check('pin', account, `10.0.0.${i}`);
        await limiter.fail('pin', account, `10.0.0.${i}`);
      }
      await expectBlocked(limiter, account, '10.0.0.99', 'pin');
      await limiter.clear('pin', account);
      await limiter.check('pin', account, '10.0.0.98');
    });

    it('sign-in: locks the failing address out of the account, not the owner elsewhere', async () => {
      const account = `owner-${randomUUID()}@x.test`;
      const attacker = '10.2.0.1';
      for (let i = 0; i < 3; i += 1) {
        await limiter.check('login', account, attacker);
        await limiter.fail('login', account, attacker);
      }
      await expectBlocked(limiter, account, attacker);
      // the owner's address has not failed: not locked, not slowed down
      await limiter.check('login', account, '10.2.0.2');
      await limiter.check('login', account, '10.2.0.2');
      // a success forgets that address's failures only
      await limiter.succeeded('login', account, '10.2.0.2');
      await expectBlocked(limiter, account, attacker);
    });

    it('sign-in: many failures from many addresses slow the account down instead of locking it', async () => {
      const account = `slow-${randomUUID()}@x.test`;
      const addresses = ['10.3.0.1', '10.3.0.2', '10.3.0.3'];
      for (const ip of addresses) {
        await limiter.check('login', account, ip);
        await limiter.fail('login', account, ip);
      }
      // each address is below its own limit; the account has reached the limit: one attempt
      // per slow-down interval for the addresses that failed, shared by all of them
      await limiter.check('login', account, addresses[0]!);
      await expectBlocked(limiter, account, addresses[1]!);
      await expectBlocked(limiter, account, addresses[0]!);
      // an address that has not failed on the account is let through
      await limiter.check('login', account, '10.3.0.9');
      // a password reset clears the account's count and the slow-down
      await limiter.clear('login', account);
      await limiter.check('login', account, addresses[1]!);
      await limiter.check('login', account, addresses[2]!);
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
      await first.fail('pin', account, '10.9.0.1');
      await second.fail('pin', account, '10.9.0.2');
      await first.fail('pin', account, '10.9.0.3');
      await expectBlocked(second, account, '10.9.0.4', 'pin');
      // the sign-in slow-down is shared, too
      await first.fail('login', account, '10.9.0.1');
      await second.fail('login', account, '10.9.0.2');
      await first.fail('login', account, '10.9.0.3');
      await first.check('login', account, '10.9.0.1');
      await expectBlocked(second, account, '10.9.0.2');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
