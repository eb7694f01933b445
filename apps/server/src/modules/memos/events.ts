import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/**
 * Domain events of memos, for the notifications and feed work. Listeners run inside the
 * transaction of the change (`db`), so what they write (notification rows, jobs) is
 * committed with it or not at all; a listener that throws undoes the change (and the
 * publish job retries).
 */
export interface MemoPublishedEvent {
  memoId: number;
  authorId: number;
  /** when it became visible to others */
  publishedAt: Date;
  /**
   * created: published when written; scheduled: published by the job at its time;
   * unscheduled: the author turned the schedule off; copied: a copy was made
   */
  reason: 'created' | 'scheduled' | 'unscheduled' | 'copied';
  /** the transaction of the change */
  db: Kysely<DatabaseSchema>;
}

export type MemoPublishedListener = (event: MemoPublishedEvent) => Promise<void> | void;

export interface MemoEvents {
  /** Subscribes to publications; answers the function that unsubscribes. */
  onMemoPublished(listener: MemoPublishedListener): () => void;
  /** Called by the memo module at each publication. */
  emitPublished(event: MemoPublishedEvent): Promise<void>;
}

export function createMemoEvents(): MemoEvents {
  const listeners = new Set<MemoPublishedListener>();
  return {
    onMemoPublished(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async emitPublished(event) {
      for (const listener of listeners) await listener(event);
    },
  };
}
