import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { waitForRedis } from '../http/rate-limit.js';
import {
  createSocketRegistry,
  parcelsOf,
  type EncodedParcel,
  type MemoChangeAnnouncement,
  type Parcel,
  type RealtimeHub,
} from './hub.js';
import { parseAnnouncement } from './memo-watch.js';

export interface RedisHubOptions {
  url: string;
  /** the pub/sub channel shared by the instances that serve one database */
  channel: string;
  /** a publish that Redis refused (this instance then delivers to its own sockets) */
  onError(error: unknown): void;
}

/** How long a presence entry lasts unless its instance renews it, and how often it does. */
const PRESENCE_TTL_MS = 90_000;
/** How long one read of the presence set answers for other instances. */
const PRESENCE_READ_KEEP_MS = 1000;
const PRESENCE_RENEW_MS = 30_000;

/**
 * Wire format of one publication: for each message, a line of user ids (comma-separated)
 * then a line with the message as the JSON text the sockets receive (so no instance parses
 * it again; JSON text holds no raw newline). A fan-out of personal messages is one publication.
 */
export function encodePublication(parcels: readonly Parcel[]): string {
  return parcels.map(({ userIds, text }) => `${userIds.join(',')}\n${text}`).join('\n');
}

const NEWLINE = 0x0a;

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A publication as Redis delivers it, in bytes: each message's text stays the bytes it came
 * as (a view, not a copy) and goes to the sockets so, never decoded and encoded again. A
 * newline byte never occurs inside a UTF-8 character, so the lines split as the text's do.
 */
export function decodePublication(raw: Buffer): EncodedParcel[] | undefined {
  const parcels: EncodedParcel[] = [];
  let start = 0;
  while (start <= raw.length) {
    const idsEnd = raw.indexOf(NEWLINE, start);
    if (idsEnd === -1) return undefined;
    const next = raw.indexOf(NEWLINE, idsEnd + 1);
    const textEnd = next === -1 ? raw.length : next;
    const userIds = raw
      .toString('latin1', start, idsEnd)
      .split(',')
      .map(Number)
      // negative: a call participant's socket (callAddress)
      .filter((id) => Number.isSafeInteger(id) && id !== 0);
    parcels.push({ userIds, utf8: raw.subarray(idsEnd + 1, textEnd) });
    start = textEnd + 1;
  }
  return parcels;
}

/**
 * The hub of several server instances (docs/notes/realtime-delivery.md, REDIS_URL): each message is
 * published once, with the list of its users, on one Redis channel; every instance (this
 * one included) is subscribed and writes it to the sockets it holds for those users.
 * Memo changes go as JSON on a second channel (`<channel>:memos`): every instance judges the
 * watchers of the memo among its own sockets.
 * While Redis is unreachable, messages still reach the sockets of this instance.
 */
export async function createRedisHub(options: RedisHubOptions): Promise<RealtimeHub> {
  const publisher = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Who is online anywhere: a sorted set of `<instance>:<user>` scored by when the entry
  // lapses; each instance renews its own entries, so a crashed one's vanish on their own.
  const presenceKey = `${options.channel}:online`;
  const instance = randomUUID();
  const member = (userId: number) => `${instance}:${userId}`;
  const lapse = () => Date.now() + PRESENCE_TTL_MS;
  const registry = createSocketRegistry((userId, online) => {
    const change = online
      ? publisher.zadd(presenceKey, lapse(), member(userId))
      : publisher.zrem(presenceKey, member(userId));
    change.catch(() => undefined);
  });
  /** the users online on every instance, as the presence set says */
  async function readEverywhere(): Promise<number[]> {
    try {
      const members = await publisher.zrangebyscore(presenceKey, Date.now(), '+inf');
      return members
        .map((entry) => Number(entry.slice(entry.lastIndexOf(':') + 1)))
        .filter((userId) => Number.isSafeInteger(userId) && userId > 0);
    } catch (error) {
      options.onError(error);
      return [];
    }
  }
  let everywhere: { at: number; users: Promise<Set<number>> } | undefined;
  // For onlineAmong only (whom to tell by push and digest instead): one read of the set
  // serves the next second's questions about other instances, since a busy group asked for
  // every message; this instance's own sockets are always current. Someone who connected
  // elsewhere within that second may get a push they did not need, never miss a live event:
  // onlineEverywhere, which decides who is sent one, reads the set each time.
  const othersOnline = (): Promise<Set<number>> => {
    const now = Date.now();
    if (!everywhere || now - everywhere.at > PRESENCE_READ_KEEP_MS) {
      everywhere = { at: now, users: readEverywhere().then((users) => new Set(users)) };
    }
    return everywhere.users;
  };
  const renew = setInterval(() => {
    const users = registry.onlineUserIds();
    const score = lapse();
    const entries = users.flatMap((userId) => [score, member(userId)]);
    const pipeline = publisher.pipeline().zremrangebyscore(presenceKey, '-inf', Date.now());
    if (entries.length > 0) pipeline.zadd(presenceKey, ...entries);
    pipeline.exec().catch(() => undefined);
  }, PRESENCE_RENEW_MS);
  renew.unref();
  // The subscriber keeps its queue: SUBSCRIBE waits for the connection, and ioredis
  // subscribes again after each reconnection.
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  const channelBytes = Buffer.from(options.channel);
  const memoChannel = `${options.channel}:memos`;
  const memoChannelBytes = Buffer.from(memoChannel);
  const receiveMemoChange = (announcement: MemoChangeAnnouncement) =>
    registry.memoChanges.receive(announcement).catch(options.onError);
  // the bytes as they came (decodePublication): no listener of 'message', so ioredis does
  // not decode every publication into a string either
  subscriber.on('messageBuffer', (channel: Buffer, raw: Buffer) => {
    if (channel.equals(memoChannelBytes)) {
      const announcement = parseAnnouncement(parseJson(raw));
      if (announcement) void receiveMemoChange(announcement);
      return;
    }
    if (!channel.equals(channelBytes)) return;
    const publication = decodePublication(raw);
    if (!publication) return;
    void registry.deliverAll(publication).catch(options.onError);
  });
  await Promise.all([waitForRedis(publisher), waitForRedis(subscriber)]);
  const subscribed = subscriber.subscribe(options.channel, memoChannel);
  if (subscriber.status === 'ready') await subscribed;
  else subscribed.catch(options.onError);

  async function publish(parcels: Parcel[]): Promise<void> {
    try {
      await publisher.publish(options.channel, encodePublication(parcels));
    } catch (error) {
      options.onError(error);
      await registry.deliverAll(parcels);
    }
  }

  return {
    async sendToUsers(userIds, message) {
      if (userIds.length === 0) return;
      await publish([{ userIds, text: JSON.stringify(message) }]);
    },
    async sendEach(messages) {
      if (messages.length === 0) return;
      await publish(parcelsOf(messages));
    },
    attach: registry.attach,
    onlineUserIds: registry.onlineUserIds,
    async onlineEverywhere() {
      return [...new Set([...registry.onlineUserIds(), ...(await readEverywhere())])];
    },
    async onlineAmong(userIds) {
      const others = await othersOnline();
      return new Set(userIds.filter((id) => registry.isHere(id) || others.has(id)));
    },
    watchMemos: registry.watchMemos,
    async announceMemoChange(announcement) {
      try {
        await publisher.publish(memoChannel, JSON.stringify(announcement));
      } catch (error) {
        options.onError(error);
        await receiveMemoChange(announcement);
      }
    },
    judgeMemoChanges: registry.memoChanges.judge,
    async close() {
      clearInterval(renew);
      const mine = registry.onlineUserIds().map(member);
      if (mine.length > 0) await publisher.zrem(presenceKey, ...mine).catch(() => undefined);
      registry.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
