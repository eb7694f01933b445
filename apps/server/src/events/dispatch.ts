/**
 * After-commit delivery of activity events. A module records events with
 * `recordActivity(trx, …)` inside its transaction and, once that transaction has
 * committed, calls `ctx.activity.dispatch(ids)`; the notifications module installs the
 * handler that turns them into live socket messages, web pushes and emails. Dispatch never
 * throws into the caller: a delivery failure is logged, the stored notification stays.
 */
export type ActivityHandler = (eventIds: number[]) => Promise<void>;

export interface ActivityDispatcher {
  dispatch(eventIds: readonly number[]): void;
  /** The notifications module sets this once while the app is built. */
  setHandler(handler: ActivityHandler): void;
  /** Resolves when every dispatch started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

export function createActivityDispatcher(onError: (error: unknown) => void): ActivityDispatcher {
  let handler: ActivityHandler | undefined;
  const running = new Set<Promise<void>>();
  return {
    dispatch(eventIds) {
      if (!handler || eventIds.length === 0) return;
      const work = handler([...eventIds]).catch(onError);
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
