import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import {
  createGuardedFetch,
  GuardedFetchError,
  type GuardedFetch,
} from '../../http/guarded-fetch.js';
import type { JobQueue } from '../../jobs/queue.js';
import {
  deleteSubscriptions,
  markSent,
  subscriptionById,
  subscriptionsOfUsers,
  subscriptionsOnTopic,
  usersWithSubscriptions,
  type StoredSubscription,
} from './store.js';
import { loadVapidKeys, type VapidKeys } from './vapid.js';

/** What a push shows: the service worker turns it into a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** the app route the notification opens, e.g. /memo/12 */
  url: string;
  /** notifications with the same tag replace each other on the device */
  tag?: string;
}

export interface PushSender {
  /** Queues a push to every subscription of these users (one durable job per batch). */
  enqueue(db: Kysely<DatabaseSchema>, userIds: number[], message: PushMessage): Promise<void>;
  /** Queues a push to every subscription on a topic (e.g. news). */
  enqueueTopic(db: Kysely<DatabaseSchema>, topic: string, message: PushMessage): Promise<void>;
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): string;
  /** Closes the connections to push services (app shutdown). */
  close(): Promise<void>;
}

export const FANOUT_JOB = 'push.fanout';
export const DELIVER_JOB = 'push.deliver';
/** users per fan-out job */
const USERS_PER_JOB = 500;
/** subscriptions read per page and sent at once */
const PAGE = 200;
const CONCURRENCY = 8;
/** how long a push service keeps an undelivered message (seconds) */
const TTL_SECONDS = 24 * 60 * 60;
const DELIVER_ATTEMPTS = 4;
const FIRST_RETRY_MS = 30_000;
/** push services accept 4 KB of payload; texts beyond these lengths are cut */
const MAX_TITLE = 120;
const MAX_BODY = 600;
const MAX_URL = 1000;
const USER_AGENT = 'MemoriaPush/1.0';

type FanoutPayload = { message: PushMessage } & ({ userIds: number[] } | { topic: string });
interface DeliverPayload {
  subscriptionId: number;
  message: PushMessage;
}

export type DeliveryOutcome = 'sent' | 'gone' | 'retry' | 'rejected';

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Only app routes are opened from a notification (a path on this site). */
function safeRoute(url: string): string {
  return /^\/(?!\/)/.test(url) ? cut(url, MAX_URL) : '/';
}

export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: cut(message.title, MAX_TITLE),
    body: cut(message.body, MAX_BODY),
    url: safeRoute(message.url),
    ...(message.tag ? { tag: cut(message.tag, 64) } : {}),
  });
}

/**
 * Encrypts the message for one subscription (RFC 8291 aes128gcm, VAPID RFC 8292) and posts
 * it through the guarded client: the push endpoint is an address a browser gave us.
 */
export async function deliverOne(
  fetcher: GuardedFetch,
  keys: VapidKeys,
  subscription: StoredSubscription,
  message: PushMessage,
): Promise<{ outcome: DeliveryOutcome; detail: string }> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      pushPayload(message),
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    // keys the browser gave that cannot be encrypted for: the subscription is unusable
    return { outcome: 'gone', detail: `cannot encrypt: ${(error as Error).message}` };
  }
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const [name, value] of Object.entries(details.headers)) {
    headers[name.toLowerCase()] = String(value);
  }
  try {
    const answer = await fetcher.send(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? Buffer.alloc(0),
      maxBytes: 16 * 1024,
    });
    const status = answer.status;
    if (status >= 200 && status < 300) return { outcome: 'sent', detail: String(status) };
    if (status === 404 || status === 410) return { outcome: 'gone', detail: String(status) };
    if (status === 429 || status >= 500) return { outcome: 'retry', detail: String(status) };
    return { outcome: 'rejected', detail: `${status} ${answer.body.toString('utf8', 0, 200)}` };
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      if (error.reason === 'refused-address' || error.reason === 'invalid-url') {
        return { outcome: 'gone', detail: error.message };
      }
      return { outcome: 'retry', detail: error.message };
    }
    return { outcome: 'retry', detail: String(error) };
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(fn));
  }
}

const senders = new WeakMap<JobQueue, PushSender>();

/**
 * The push sender of the app (one per job queue: its job handlers are registered once, by
 * whoever asks first). Sending happens in jobs, so a request or a transaction only queues.
 */
export function createPushSender(ctx: AppContext): PushSender {
  const known = senders.get(ctx.jobs);
  if (known) return known;

  const { config, log } = ctx;
  const { db, dialect } = ctx.database;
  let fetcher: GuardedFetch | undefined;
  const client = () => {
    fetcher ??= createGuardedFetch({
      allowHosts: config.fetch.allowHosts,
      allowPrivate: config.fetch.allowPrivate,
      timeoutMs: 10_000,
      maxRedirects: 0,
    });
    return fetcher;
  };
  const keys = () => loadVapidKeys(config);

  async function deliverPage(subscriptions: StoredSubscription[], message: PushMessage) {
    const sent: number[] = [];
    const gone: number[] = [];
    await inBatches(subscriptions, CONCURRENCY, async (subscription) => {
      const { outcome, detail } = await deliverOne(client(), keys(), subscription, message);
      if (outcome === 'sent') sent.push(subscription.id);
      else if (outcome === 'gone') {
        gone.push(subscription.id);
        log.info({ subscription: subscription.id, detail }, 'push subscription gone; removed');
      } else if (outcome === 'retry') {
        await ctx.jobs.enqueue(
          DELIVER_JOB,
          { subscriptionId: subscription.id, message } satisfies DeliverPayload,
          { runAt: new Date(Date.now() + FIRST_RETRY_MS), maxAttempts: DELIVER_ATTEMPTS },
        );
      } else
        log.warn({ subscription: subscription.id, detail }, 'push rejected by the push service');
    });
    await markSent(db, dialect, sent);
    await deleteSubscriptions(db, gone);
  }

  ctx.jobs.register<FanoutPayload>(FANOUT_JOB, async (payload) => {
    let afterId = 0;
    for (;;) {
      const page =
        'topic' in payload
          ? await subscriptionsOnTopic(db, payload.topic, afterId, PAGE)
          : await subscriptionsOfUsers(db, payload.userIds, afterId, PAGE);
      if (page.length === 0) return;
      await deliverPage(page, payload.message);
      afterId = page[page.length - 1]!.id;
      if (page.length < PAGE) return;
    }
  });

  ctx.jobs.register<DeliverPayload>(DELIVER_JOB, async (payload) => {
    const subscription = await subscriptionById(db, payload.subscriptionId);
    if (!subscription) return;
    const { outcome, detail } = await deliverOne(client(), keys(), subscription, payload.message);
    if (outcome === 'sent') await markSent(db, dialect, [subscription.id]);
    else if (outcome === 'gone') await deleteSubscriptions(db, [subscription.id]);
    else if (outcome === 'retry') throw new Error(`push not delivered (${detail}); will retry`);
    else log.warn({ subscription: subscription.id, detail }, 'push rejected by the push service');
  });

  const sender: PushSender = {
    async enqueue(trx, userIds, message) {
      const asked = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
      // no job for people without a device to push to: a message to a group mostly offline
      // would otherwise queue (and run) a job per message that finds nothing to send
      const unique = await usersWithSubscriptions(trx, asked);
      for (let i = 0; i < unique.length; i += USERS_PER_JOB) {
        const payload: FanoutPayload = { userIds: unique.slice(i, i + USERS_PER_JOB), message };
        await ctx.jobs.enqueue(FANOUT_JOB, payload, { db: trx, maxAttempts: 3 });
      }
    },
    async enqueueTopic(trx, topic, message) {
      await ctx.jobs.enqueue(FANOUT_JOB, { topic, message } satisfies FanoutPayload, {
        db: trx,
        maxAttempts: 3,
      });
    },
    publicKey: () => keys().publicKey,
    async close() {
      await fetcher?.close();
      fetcher = undefined;
    },
  };
  senders.set(ctx.jobs, sender);
  return sender;
}
