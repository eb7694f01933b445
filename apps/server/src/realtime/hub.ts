import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  createMemoChangeDesk,
  createMemoWatchIndex,
  type MemoChangeAnnouncement,
  type MemoChangeJudge,
  type WatchedMemoChange,
} from './memo-watch.js';

export type { MemoChangeAnnouncement, MemoChangeJudge, WatchedMemoChange } from './memo-watch.js';

/**
 * Real-time delivery to the signed-in users' open sockets (docs/notes/realtime-delivery.md).
 * Modules call `sendToUsers` after the change they report has committed; the hub
 * delivers to the sockets of this process and, with a broker (Redis), of every other
 * server instance. Messages are JSON objects dispatched by `message_type` in the web app.
 */
export interface RealtimeMessage {
  message_type: string;
  [key: string]: unknown;
}

/**
 * A message for one user's sockets; a string is the message already serialised (a fan-out
 * whose messages share most of their text builds it once).
 */
export interface PersonalMessage {
  userId: number;
  message: RealtimeMessage | string;
}

/** A serialised message and the users whose sockets receive it. */
export interface Parcel {
  userIds: readonly number[];
  text: string;
}

/** A parcel whose text is already UTF-8 bytes (as a broker delivers it). */
export interface EncodedParcel {
  userIds: readonly number[];
  utf8: Buffer;
}

/**
 * The hub address of a call participant's socket (docs/notes/calls.md): the negative of the
 * participant's id, so visitors without an account are reached like users, through the
 * same broker, and never mistaken for one.
 */
export const callAddress = (participantId: number): number => -participantId;

/** One open socket, as the hub sees it. */
export interface RealtimeSocket {
  /**
   * Writes one message: its JSON text as UTF-8, encoded once for all its receivers (the same
   * bytes go to every socket; a socket must not change them).
   */
  send(utf8: Buffer): void;
}

export interface RealtimeHub {
  /** Delivers a message to every open socket of each user (here and on other instances). */
  sendToUsers(userIds: readonly number[], message: RealtimeMessage): Promise<void>;
  /**
   * Delivers a message of its own to each of these users, in order, as one fan-out (one
   * publication with a broker): for messages that differ per person, e.g. notifications.
   */
  sendEach(messages: readonly PersonalMessage[]): Promise<void>;
  /** Registers a socket of a user; answers the function that removes it. */
  attach(userId: number, socket: RealtimeSocket): () => void;
  /** The users with at least one socket open on this instance. */
  onlineUserIds(): number[];
  /**
   * The users with at least one socket open on any instance (the brokered hub; read it
   * through `onlineAnywhere(hub)`, which falls back to this instance's for hubs without it):
   * whom to judge when a message goes to "whoever is online and may see it".
   */
  onlineEverywhere?(): Promise<number[]>;
  /** Which of these users are online on any instance, without listing everyone who is. */
  onlineAmong?(userIds: readonly number[]): Promise<Set<number>>;
  /**
   * The memos an attached socket of this user's holds (its tab's whole set, replacing the
   * last); forgotten when the socket detaches (docs/notes/realtime-delivery.md, Watched memos).
   * The memos new to the set are told of their changes since the tab read them (`readMsAgo`
   * before now, by the tab's clock; unknown: MEMO_WATCH.replayMs).
   */
  watchMemos(
    userId: number,
    socket: RealtimeSocket,
    memoIds: readonly number[],
    readMsAgo?: number,
  ): void;
  /**
   * Announces a change that leaves the memo in place to every instance, this one included:
   * each judges the people watching the memo on its own sockets by the rule of the change's
   * kind (`judgeMemoChanges`) and sends them `memo_changed`.
   */
  announceMemoChange(announcement: MemoChangeAnnouncement): Promise<void>;
  /** The audience rule this instance judges its watchers by, for one kind of change. */
  judgeMemoChanges(change: WatchedMemoChange, judge: MemoChangeJudge): void;
  close(): Promise<void>;
}

/** The users online on any instance (this instance's when the hub knows no others). */
export function onlineAnywhere(hub: RealtimeHub): Promise<number[]> {
  return hub.onlineEverywhere ? hub.onlineEverywhere() : Promise.resolve(hub.onlineUserIds());
}

/** Which of these users are online on any instance. */
export async function whoIsOnline(
  hub: RealtimeHub,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (hub.onlineAmong) return hub.onlineAmong(userIds);
  const online = new Set(await onlineAnywhere(hub));
  return new Set(userIds.filter((id) => online.has(id)));
}

/**
 * Sockets written to before the hub lets other work run: a send is a few microseconds, so
 * a batch keeps the event loop busy well under a millisecond.
 */
export const SEND_BATCH = 200;

/**
 * The sockets of this process by user, and delivery to them in batches. `onPresence` hears
 * when a user's first socket here opens and when their last one closes.
 */
export function createSocketRegistry(onPresence?: (userId: number, online: boolean) => void) {
  const sockets = new Map<number, Set<RealtimeSocket>>();
  const watching = createMemoWatchIndex();
  const memoChanges = createMemoChangeDesk(watching, (userIds, text) =>
    deliverAll([{ userIds, text }]),
  );

  async function deliverAll(parcels: readonly (Parcel | EncodedParcel)[]): Promise<void> {
    let sent = 0;
    for (const parcel of parcels) {
      // encoded once, not once per socket: a group's message goes to fifty of them
      const utf8 = 'utf8' in parcel ? parcel.utf8 : Buffer.from(parcel.text);
      for (const userId of new Set(parcel.userIds)) {
        const own = sockets.get(userId);
        if (!own) continue;
        for (const socket of [...own]) {
          try {
            socket.send(utf8);
          } catch {
            // A socket closing under us; its close handler removes it.
          }
          sent += 1;
          if (sent % SEND_BATCH === 0) await nextTurn();
        }
      }
    }
  }

  return {
    attach(userId: number, socket: RealtimeSocket): () => void {
      let own = sockets.get(userId);
      if (!own) {
        own = new Set<RealtimeSocket>();
        sockets.set(userId, own);
        if (userId > 0) onPresence?.(userId, true);
      }
      own.add(socket);
      const mine = own;
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        watching.forget(socket);
        mine.delete(socket);
        if (mine.size === 0 && sockets.get(userId) === mine) {
          sockets.delete(userId);
          if (userId > 0) onPresence?.(userId, false);
        }
      };
    },
    /**
     * Writes `text` to every socket of these users, yielding to the event loop after each
     * SEND_BATCH sockets so other requests and timers are never held up for long. A socket
     * that fails to send is skipped (its close handler detaches it).
     */
    deliver(userIds: readonly number[], text: string): Promise<void> {
      return deliverAll([{ userIds, text }]);
    },
    /** `deliver` for several texts at once, the batches counted across all of them. */
    deliverAll,
    /** users only: call sockets (negative addresses) are no one's presence */
    onlineUserIds: (): number[] => [...sockets.keys()].filter((id) => id > 0),
    /** whether this user has a socket in this process */
    isHere: (userId: number): boolean => userId > 0 && sockets.has(userId),
    /**
     * What an attached socket watches (a detached one watches nothing). The memos new to its
     * set are told of the changes they had lately (see createMemoChangeDesk).
     */
    watchMemos(
      userId: number,
      socket: RealtimeSocket,
      memoIds: readonly number[],
      readMsAgo?: number,
    ): void {
      if (!sockets.get(userId)?.has(socket)) return;
      const joined = watching.replace(socket, userId, memoIds);
      if (joined.length === 0) return;
      const send = (text: string): void => {
        try {
          socket.send(Buffer.from(text));
        } catch {
          // A socket closing under us; its close handler removes it.
        }
      };
      memoChanges.replay(userId, joined, send, readMsAgo).catch(() => undefined);
    },
    /** announced memo changes, judged for this process's watchers and delivered here */
    memoChanges,
    clear(): void {
      sockets.clear();
      watching.clear();
      memoChanges.clear();
    },
  };
}

export type SocketRegistry = ReturnType<typeof createSocketRegistry>;

/** Each personal message serialised for its user's sockets. */
export function parcelsOf(messages: readonly PersonalMessage[]): Parcel[] {
  return messages.map(({ userId, message }) => ({
    userIds: [userId],
    text: typeof message === 'string' ? message : JSON.stringify(message),
  }));
}

/** The in-process hub: enough for one server instance (no REDIS_URL). */
export function createLocalHub(): RealtimeHub {
  const registry = createSocketRegistry();
  return {
    sendToUsers: (userIds, message) => registry.deliver(userIds, JSON.stringify(message)),
    sendEach: (messages) => registry.deliverAll(parcelsOf(messages)),
    attach: registry.attach,
    onlineUserIds: registry.onlineUserIds,
    onlineEverywhere: async () => registry.onlineUserIds(),
    onlineAmong: async (userIds) => new Set(userIds.filter(registry.isHere)),
    watchMemos: registry.watchMemos,
    announceMemoChange: (announcement) => registry.memoChanges.receive(announcement),
    judgeMemoChanges: registry.memoChanges.judge,
    async close() {
      registry.clear();
    },
  };
}
