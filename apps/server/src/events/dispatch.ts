import type { WrittenEvent } from './activity.js';

/**
 * After-commit delivery of activity events. A module records events with
 * `recordActivity(trx, …)` inside its transaction and, once that transaction has
 * committed, calls `ctx.activity.dispatch(ids)`; the notifications module installs the
 * handler that turns them into live socket messages, web pushes and emails. Dispatch never
 * throws into the caller: a delivery failure is logged, the stored notification stays.
 */
/**
 * Delivers the events; answers the people who were sent a live notification. `written`,
 * when the caller has them, are the same events as just written (no need to read them back).
 */
export type ActivityHandler = (
  eventIds: number[],
  written?: readonly WrittenEvent[],
) => Promise<ReadonlySet<number>>;

/**
 * Work that follows the delivery (e.g. telling the other people online that the memo
 * changed), given who already heard of it through their notification.
 */
export type AfterDelivery = (toldLive: ReadonlySet<number>) => Promise<void>;

export interface ActivityDispatcher {
  /** `after` runs once the events are delivered (at once when there are none), also after a failure. */
  dispatch(
    eventIds: readonly number[],
    after?: AfterDelivery,
    written?: readonly WrittenEvent[],
  ): void;
  /** The notifications module sets this once while the app is built. */
  setHandler(handler: ActivityHandler): void;
  /** Resolves when every dispatch started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

const nobody: ReadonlySet<number> = new Set();

export function createActivityDispatcher(onError: (error: unknown) => void): ActivityDispatcher {
  let handler: ActivityHandler | undefined;
  const running = new Set<Promise<void>>();
  return {
    dispatch(eventIds, after, written) {
      const deliver = eventIds.length > 0 ? handler : undefined;
      if (!deliver && !after) return;
      const told = deliver
        ? deliver([...eventIds], written).catch((error: unknown) => {
            onError(error);
            return nobody;
          })
        : Promise.resolve(nobody);
      const work = told.then((people) => after?.(people)).catch(onError);
      running.add(work);
      void work.finally(() => running.delete(work));
    },
    setHandler(next) {
      handler = next;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
