import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AUTH } from '@memoria/domain';
import { ApiError } from './errors.js';

export type LimitedAction = 'login' | 'code' | 'pin' | 'send' | 'password' | 'switch';

/**
 * Counts failures (wrong passwords, codes, PINs) and sends, per account AND per client
 * address, and refuses further attempts once either reaches the limit within the window.
 * Successful attempts do not count. The client address is Fastify's request.ip, which only
 * follows X-Forwarded-For when TRUST_PROXY is configured.
 */
export interface FailureLimiter {
  /** throws 429 when the account or the address is over the limit */
  check(action: LimitedAction, account: string, ip: string): Promise<void>;
  fail(action: LimitedAction, account: string, ip: string): Promise<void>;
  /** forget the account's failures after a success (the address keeps its count) */
  clear(action: LimitedAction, account: string): Promise<void>;
  /** resolves once the shared store is connected (or after a short wait without it) */
  ready(): Promise<void>;
  close(): Promise<void>;
}

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
  /** separates instances sharing one Redis (tests run side by side) */
  keyPrefix?: string;
}

export function createFailureLimiter(options: FailureLimiterOptions = {}): FailureLimiter {
  const points = options.points ?? AUTH.failuresBeforeLockout;
  const duration = options.durationSeconds ?? AUTH.lockoutWindowSeconds;
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    limiter = new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix: options.keyPrefix ?? 'memoria-fail',
      // Keep limiting, per instance, while Redis is unreachable.
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  } else {
    limiter = new RateLimiterMemory({ points, duration });
  }

  const keys = (action: LimitedAction, account: string, ip: string) => [
    `${action}:a:${account.toLowerCase()}`,
    `${action}:ip:${ip}`,
  ];

  return {
    async check(action, account, ip) {
      let waitMs = 0;
      for (const key of keys(action, account, ip)) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= points) waitMs = Math.max(waitMs, res.msBeforeNext);
      }
      if (waitMs > 0) throw tooMany(waitMs);
    },
    async fail(action, account, ip) {
      for (const key of keys(action, account, ip)) {
        try {
          await limiter.penalty(key, 1);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
        }
      }
    },
    async clear(action, account) {
      await limiter.delete(`${action}:a:${account.toLowerCase()}`);
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
