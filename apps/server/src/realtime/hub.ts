/**
 * Real-time delivery to the signed-in users' open sockets (DESIGN.md §2 realtime).
 * Modules call `sendToUsers` after the change they report has committed; the hub
 * delivers to the sockets of this process and, with a broker (Redis), of every other
 * server instance. Messages are JSON objects dispatched by `message_type` in the web app.
 */
export interface RealtimeMessage {
  message_type: string;
  [key: string]: unknown;
}

/** One open socket, as the hub sees it. */
export interface RealtimeSocket {
  send(text: string): void;
}

export interface RealtimeHub {
  /** Delivers a message to every open socket of each user (here and on other instances). */
  sendToUsers(userIds: readonly number[], message: RealtimeMessage): Promise<void>;
  /** Registers a socket of a user; answers the function that removes it. */
  attach(userId: number, socket: RealtimeSocket): () => void;
  /** The users with at least one socket open on this instance. */
  onlineUserIds(): number[];
  close(): Promise<void>;
}

/**
 * The in-process hub: enough for one server instance. The realtime module replaces it
 * with a brokered one when REDIS_URL is set.
 */
export function createLocalHub(): RealtimeHub {
  const sockets = new Map<number, Set<RealtimeSocket>>();
  return {
    async sendToUsers(userIds, message) {
      const text = JSON.stringify(message);
      for (const userId of userIds) {
        for (const socket of sockets.get(userId) ?? []) socket.send(text);
      }
    },
    attach(userId, socket) {
      const own = sockets.get(userId) ?? new Set<RealtimeSocket>();
      own.add(socket);
      sockets.set(userId, own);
      return () => {
        own.delete(socket);
        if (own.size === 0) sockets.delete(userId);
      };
    },
    onlineUserIds: () => [...sockets.keys()],
    async close() {
      sockets.clear();
    },
  };
}
