import { Redis } from 'ioredis';
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AUTH } from '@memoria/domain';
import { ApiError } from './errors.js';

export type LimitedAction = 'login' | 'code' | 'pin' | 'send' | 'password' | 'switch';

/**
 * Counts failures (wrong passwords, codes, PINs) and sends, and refuses further attempts with
 * 429 once a count reaches the limit within the window. Successful attempts do not count. The
 * client address is Fastify's request.ip, which only follows X-Forwarded-For when TRUST_PROXY
 * is configured.
 *
 * Most actions count per account AND per client address. Sign-in is different, so that knowing
 * someone's address is not enough to lock them out (OWASP ASVS: anti-automation without a
 * lockout denial of service; see docs/API.md, Rate limits):
 * - the hard lock counts per (account, address) pair, and per address across accounts;
 * - the account's count over all addresses never locks it: once it reaches the limit, addresses
 *   that have already failed on the account share one attempt per `slowDownSeconds` (the
 *   account is slowed down, not closed);
 * - an address that has not failed on the account is not slowed, so the owner still signs in
 *   from their own device (or after a password reset by e-mail, which clears the count).
 */
export interface FailureLimiter {
  /** throws 429 when the account or the address is over the limit (or slowed down) */
  check(action: LimitedAction, account: string, ip: string): Promise<void>;
  fail(action: LimitedAction, account: string, ip: string): Promise<void>;
  /** forget the account's failures (the addresses keep their counts), e.g. after a reset */
  clear(action: LimitedAction, account: string): Promise<void>;
  /**
   * after a success from an address: sign-in forgets that address's failures on the account
   * (the account-wide count keeps slowing an attack down); other actions forget the account's
   */
  succeeded(action: LimitedAction, account: string, ip: string): Promise<void>;
  /** resolves once the shared store is connected (or after a short wait without it) */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Actions counted per (account, address) pair, with the account slowed down instead of locked. */
const PAIR_COUNTED: ReadonlySet<LimitedAction> = new Set(['login']);

/** After the limit of failed sign-ins on an account: one try a minute from failed addresses. */
export const SIGN_IN_SLOW_DOWN_SECONDS = 60;

/**
 * Waits until a Redis client is connected, at most `timeoutMs`. Commands sent before that
 * would fall back to per-instance memory counters (the offline queue is off so that an
 * unreachable Redis never stalls requests), so the server waits for it at start.
 */
export async function waitForRedis(client: Redis, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface FailureLimiterOptions {
  redisUrl?: string;
  points?: number;
  durationSeconds?: number;
  /** the pause between sign-in attempts on an account that has had `points` failures */
  slowDownSeconds?: number;
  /** separates instances sharing one Redis (tests run side by side) */
  keyPrefix?: string;
  /**
   * a worker of several server processes (processes.ts): without Redis the counts are kept
   * by the primary process, which every worker asks over IPC, so a client whose connections
   * reach different workers is counted once
   */
  inCluster?: boolean;
}

export function createFailureLimiter(options: FailureLimiterOptions = {}): FailureLimiter {
  const points = options.points ?? AUTH.failuresBeforeLockout;
  const duration = options.durationSeconds ?? AUTH.lockoutWindowSeconds;
  const slowDown = options.slowDownSeconds ?? SIGN_IN_SLOW_DOWN_SECONDS;
  const keyPrefix = options.keyPrefix ?? 'memoria-fail';
  let redis: Redis | undefined;
  const makeLimiter = (limit: number, seconds: number, prefix: string): RateLimiterAbstract => {
    if (!redis && options.inCluster) {
      return new RateLimiterCluster({ points: limit, duration: seconds, keyPrefix: prefix });
    }
    if (!redis) return new RateLimiterMemory({ points: limit, duration: seconds });
    return new RateLimiterRedis({
      storeClient: redis,
      points: limit,
      duration: seconds,
      keyPrefix: prefix,
      // Keep limiting, per instance, while Redis is unreachable.
      insuranceLimiter: new RateLimiterMemory({ points: limit, duration: seconds }),
    });
  };
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
  }
  const limiter = makeLimiter(points, duration, keyPrefix);
  const slowLimiter = makeLimiter(1, slowDown, `${keyPrefix}-slow`);

  const accountKey = (action: LimitedAction, account: string) =>
    `${action}:a:${account.toLowerCase()}`;
  const addressKey = (action: LimitedAction, ip: string) => `${action}:ip:${ip}`;
  const pairKey = (action: LimitedAction, account: string, ip: string) =>
    `${action}:p:${account.toLowerCase()}|${ip}`;
  /** the counts that lock; the account's own count only slows pair-counted actions down */
  const lockingKeys = (action: LimitedAction, account: string, ip: string) =>
    PAIR_COUNTED.has(action)
      ? [pairKey(action, account, ip), addressKey(action, ip)]
      : [accountKey(action, account), addressKey(action, ip)];
  const consumed = async (key: string) => (await limiter.get(key))?.consumedPoints ?? 0;

  /** Throws 429 while the account is slowed down for an address that has failed on it. */
  async function checkSlowDown(action: LimitedAction, account: string, ip: string) {
    if ((await consumed(accountKey(action, account))) < points) return;
    if ((await consumed(pairKey(action, account, ip))) === 0) return;
    try {
      await slowLimiter.consume(accountKey(action, account));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  }

  return {
    async check(action, account, ip) {
      let waitMs = 0;
      for (const key of lockingKeys(action, account, ip)) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= points) waitMs = Math.max(waitMs, res.msBeforeNext);
      }
      if (waitMs > 0) throw tooMany(waitMs);
      if (PAIR_COUNTED.has(action)) await checkSlowDown(action, account, ip);
    },
    async fail(action, account, ip) {
      const keys = [accountKey(action, account), addressKey(action, ip)];
      if (PAIR_COUNTED.has(action)) keys.push(pairKey(action, account, ip));
      for (const key of keys) {
        try {
          await limiter.penalty(key, 1);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
        }
      }
    },
    async clear(action, account) {
      await limiter.delete(accountKey(action, account));
      await slowLimiter.delete(accountKey(action, account));
    },
    async succeeded(action, account, ip) {
      if (PAIR_COUNTED.has(action)) await limiter.delete(pairKey(action, account, ip));
      else await limiter.delete(accountKey(action, account));
    },
    async ready() {
      if (redis) await waitForRedis(redis);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

export function tooMany(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'error.tooManyRequests', {
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'retry-after': String(seconds) },
  });
}
