import net from 'node:net';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError, violation } from '../../http/errors.js';
import { addressAllowed, parseFetchUrl } from '../../http/guarded-fetch.js';
import type { PushSender } from './sender.js';
import {
  claimMemoSend,
  deleteOwnSubscription,
  memoAudience,
  memoForPush,
  saveSubscription,
  topicsOf,
} from './store.js';
import { blockedEitherWay } from '../blocks/service.js';

/** One push about a memo to its audience per this time (POST /api/memo/{id}/push-notification). */
export const MEMO_PUSH_INTERVAL_MS = 10 * 60_000;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** A browser's PushSubscription as PushSubscription.toJSON() gives it. */
export const subscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});

export interface ParsedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const decodedLength = (value: string) => Buffer.from(value, 'base64url').length;

/**
 * The subscription in a push_token body: a JSON string (or the object itself) with an
 * endpoint we may post to and keys that make sense (an uncompressed P-256 point, a 16-byte
 * auth secret). Anything else is 422 on `token`.
 */
export function parseSubscription(
  token: unknown,
  policy: AppContext['config']['fetch'],
): ParsedSubscription {
  const invalid = () => violation('token', 'push.invalidSubscription');
  let value = token;
  if (typeof token === 'string') {
    try {
      value = JSON.parse(token);
    } catch {
      throw invalid();
    }
  }
  const parsed = subscriptionSchema.safeParse(value);
  if (!parsed.success) throw invalid();
  const { endpoint, keys } = parsed.data;
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || decodedLength(keys.auth) < 16) throw invalid();
  let url: URL;
  try {
    url = parseFetchUrl(endpoint);
  } catch {
    throw invalid();
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const hostAllowed = policy.allowPrivate || policy.allowHosts.includes(host);
  // Push services speak https; plain http only to a host the operator allowed (tests).
  if (url.protocol !== 'https:' && !hostAllowed) throw invalid();
  if (net.isIP(host) && !hostAllowed && !addressAllowed(host, policy)) throw invalid();
  return {
    endpoint: url.toString(),
    p256dh: Buffer.from(p256dh).toString('base64url'),
    auth: keys.auth.replace(/=+$/, ''),
  };
}

export interface SubscriptionAnswer {
  id: number;
  endpoint: string;
  topics: string[];
}

export function createPushService(ctx: AppContext, sender: PushSender) {
  const { database } = ctx;
  const { db, dialect } = database;

  return {
    vapidPublicKey: () => sender.publicKey(),

    async subscribe(
      userId: number,
      token: unknown,
      userAgent: string | undefined,
    ): Promise<{ answer: SubscriptionAnswer; created: boolean }> {
      const subscription = parseSubscription(token, ctx.config.fetch);
      return db.transaction().execute(async (trx) => {
        const { id, created } = await saveSubscription(trx, dialect, {
          userId,
          ...subscription,
          userAgent: userAgent ? userAgent.slice(0, 300) : null,
        });
        return {
          answer: { id, endpoint: subscription.endpoint, topics: await topicsOf(trx, id) },
          created,
        };
      });
    },

    /** `value`: the subscription's id, or its endpoint; only the user's own. */
    async unsubscribe(userId: number, value: string): Promise<void> {
      const trimmed = value.trim();
      const byId = /^\d{1,10}$/.test(trimmed);
      let removed = await db
        .transaction()
        .execute((trx) =>
          deleteOwnSubscription(
            trx,
            userId,
            byId ? { id: Number(trimmed) } : { endpoint: trimmed },
          ),
        );
      if (removed === 0 && !byId) {
        // the endpoint as the browser wrote it may differ from the stored normal form
        try {
          const normal = parseFetchUrl(trimmed).toString();
          if (normal !== trimmed) {
            removed = await db
              .transaction()
              .execute((trx) => deleteOwnSubscription(trx, userId, { endpoint: normal }));
          }
        } catch {
          // not a URL: nothing of this user has it
        }
      }
      if (removed === 0) throw new ApiError(404, 'push.subscriptionNotFound');
    },

    /**
     * Queues a push about the memo to everyone who may see it (not the author, not across a
     * block). Only its author or the owner of one of its collections may; once per memo per
     * MEMO_PUSH_INTERVAL_MS. Answers how many people it goes to.
     */
    async pushMemo(userId: number, memoId: number, now = new Date()): Promise<number> {
      const memo = await memoForPush(db, memoId);
      if (!memo) throw new ApiError(404, 'memo.notFound');
      const blocked = await blockedEitherWay(db, userId, memo.user_id);
      // Blocked people are told nothing is there (as the memo reads do); others that it is
      // not theirs to do.
      if (blocked) throw new ApiError(404, 'memo.notFound');
      if (memo.user_id !== userId && !memo.collectionOwners.includes(userId)) {
        throw new ApiError(403, 'push.notAllowed');
      }
      if (memo.status !== 'published') throw new ApiError(409, 'push.memoNotPublished');
      return db.transaction().execute(async (trx) => {
        const last = await claimMemoSend(
          trx,
          dialect,
          memoId,
          userId,
          now,
          new Date(now.getTime() - MEMO_PUSH_INTERVAL_MS),
        );
        if (last) {
          const waitMs = Math.max(0, last.getTime() + MEMO_PUSH_INTERVAL_MS - now.getTime());
          throw new ApiError(429, 'push.alreadySent', {
            params: { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) },
            headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          });
        }
        const audience = await memoAudience(trx, dialect, memoId, memo.user_id);
        await sender.enqueue(trx, audience, {
          title: memo.authorName ?? 'Memoria',
          body: memo.title,
          url: `/memo/${memo.id}`,
          tag: `memo-${memo.id}`,
        });
        return audience.length;
      });
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
