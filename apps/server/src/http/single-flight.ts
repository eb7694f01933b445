/** Where finished answers are kept (an LRUCache fits). */
export interface KeptAnswers<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
}

/**
 * Wraps a slow load by key (a remote page, a remote picture) so that callers asking for the
 * same key while it runs share that one load instead of starting their own, and finished
 * answers are served from `kept` while it holds them. A failure is not kept: the next call
 * tries again.
 */
export function singleFlight<V>(
  load: (key: string) => Promise<V>,
  kept?: KeptAnswers<NoInfer<V>>,
): (key: string) => Promise<V> {
  const running = new Map<string, Promise<V>>();
  return (key) => {
    const done = kept?.get(key);
    if (done !== undefined) return Promise.resolve(done);
    let flight = running.get(key);
    if (!flight) {
      flight = load(key)
        .then((value) => {
          kept?.set(key, value);
          return value;
        })
        .finally(() => running.delete(key));
      running.set(key, flight);
    }
    return flight;
  };
}
