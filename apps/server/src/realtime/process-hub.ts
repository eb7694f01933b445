import {
  createSocketRegistry,
  parcelsOf,
  type MemoChangeAnnouncement,
  type Parcel,
  type PersonalMessage,
  type RealtimeHub,
} from './hub.js';

/**
 * The hub of the server processes of one machine (SERVER_PROCESSES above 1, without Redis;
 * docs/notes/realtime-delivery.md, `process-hub.ts`): each process writes a message to
 * its own sockets and hands it to the primary process over Node's IPC channel, which passes
 * it to every other process. Who is online is known the same way: each process tells the
 * others when a user's first socket opens and last one closes in it, and a process that
 * starts asks the others for their whole lists. A memo change is passed on the same way, and
 * each process judges the watchers of the memo among its own sockets.
 */
export type HubWire =
  | { kind: 'memoria:hub:parcels'; from: number; parcels: Parcel[] }
  | { kind: 'memoria:hub:memo'; from: number; announcement: MemoChangeAnnouncement }
  | { kind: 'memoria:hub:presence'; from: number; userId: number; online: boolean }
  | { kind: 'memoria:hub:present'; from: number; userIds: number[] }
  | { kind: 'memoria:hub:ask'; from: number }
  | { kind: 'memoria:hub:gone'; from: number };

const KINDS = new Set<string>([
  'memoria:hub:parcels',
  'memoria:hub:memo',
  'memoria:hub:presence',
  'memoria:hub:present',
  'memoria:hub:ask',
  'memoria:hub:gone',
]);

export function isHubWire(message: unknown): message is HubWire {
  if (typeof message !== 'object' || message === null) return false;
  const { kind, from } = message as { kind?: unknown; from?: unknown };
  return typeof kind === 'string' && KINDS.has(kind) && typeof from === 'number';
}

/** A process's side of the channel to the primary. */
export interface HubLink {
  send(message: HubWire): void;
  /** every message another process sent (the primary passes on, never echoes) */
  onMessage(listener: (message: HubWire) => void): () => void;
}

/** The link of a cluster worker: its IPC channel to the primary. */
export function workerLink(channel: NodeJS.Process): HubLink {
  return {
    send(message) {
      // the primary gone: this process is ending too ('disconnect' in main.ts)
      if (channel.connected) channel.send?.(message);
    },
    onMessage(listener) {
      const handler = (message: unknown) => {
        if (isHubWire(message)) listener(message);
      };
      channel.on('message', handler);
      return () => channel.off('message', handler);
    },
  };
}

export function createProcessHub(self: number, link: HubLink): RealtimeHub {
  const registry = createSocketRegistry((userId, online) =>
    link.send({ kind: 'memoria:hub:presence', from: self, userId, online }),
  );
  /** the users online in each other process, by its number */
  const others = new Map<number, Set<number>>();
  const ofProcess = (from: number) => {
    let users = others.get(from);
    if (!users) others.set(from, (users = new Set()));
    return users;
  };

  const stop = link.onMessage((message) => {
    switch (message.kind) {
      case 'memoria:hub:parcels':
        void registry.deliverAll(message.parcels).catch(() => undefined);
        break;
      case 'memoria:hub:memo':
        void registry.memoChanges.receive(message.announcement).catch(() => undefined);
        break;
      case 'memoria:hub:presence':
        if (message.online) ofProcess(message.from).add(message.userId);
        else others.get(message.from)?.delete(message.userId);
        break;
      case 'memoria:hub:present':
        others.set(message.from, new Set(message.userIds));
        break;
      case 'memoria:hub:ask':
        link.send({ kind: 'memoria:hub:present', from: self, userIds: registry.onlineUserIds() });
        break;
      case 'memoria:hub:gone':
        others.delete(message.from);
        break;
    }
  });
  link.send({ kind: 'memoria:hub:ask', from: self });

  function publish(parcels: Parcel[]): Promise<void> {
    link.send({ kind: 'memoria:hub:parcels', from: self, parcels });
    return registry.deliverAll(parcels);
  }
  const onlineElsewhere = (userId: number) => {
    for (const users of others.values()) if (users.has(userId)) return true;
    return false;
  };

  return {
    async sendToUsers(userIds, message) {
      if (userIds.length === 0) return;
      await publish([{ userIds: [...userIds], text: JSON.stringify(message) }]);
    },
    async sendEach(messages: readonly PersonalMessage[]) {
      if (messages.length === 0) return;
      await publish(parcelsOf(messages));
    },
    attach: registry.attach,
    onlineUserIds: registry.onlineUserIds,
    async onlineEverywhere() {
      const all = new Set(registry.onlineUserIds());
      for (const users of others.values()) for (const id of users) all.add(id);
      return [...all];
    },
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => registry.isHere(id) || onlineElsewhere(id)));
    },
    watchMemos: registry.watchMemos,
    async announceMemoChange(announcement) {
      link.send({ kind: 'memoria:hub:memo', from: self, announcement });
      await registry.memoChanges.receive(announcement);
    },
    judgeMemoChanges: registry.memoChanges.judge,
    async close() {
      stop();
      registry.clear();
      others.clear();
    },
  };
}
