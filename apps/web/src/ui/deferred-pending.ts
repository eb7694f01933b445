import { useDeferredValue } from 'react';

/**
 * Whether a screen still shows its loader for a query: while the query is pending, and after
 * its answer until a deferred render has drawn what it brought. An answer reaches React
 * through the query's external store, whose renders are never split: a memo page or a
 * collection drawn in that render was one task of several hundred milliseconds on a slow
 * phone. The deferred render is split by React into slices of a few milliseconds, with the
 * loader on screen meanwhile (docs/PERFORMANCE.md, Lighthouse: the fifth round).
 */
export function useDeferredPending(status: 'pending' | 'error' | 'success'): boolean {
  const shown = useDeferredValue(status);
  return status === 'pending' || shown === 'pending';
}
