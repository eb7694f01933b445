import type { Viewer } from '../audience/index.js';

/** The query cache lives in db/ (the session check uses it too); the memo reads add viewers. */
export { createQueryCache, type QueryCache } from '../../db/query-cache.js';

/**
 * A viewer for a builder: slots in place of the account and the secrets given, null where
 * there is none; `key` names which are there, `values` are what goes in the slots.
 */
export function viewerSlots(viewer: Viewer) {
  const key = [
    viewer.userId === null ? 'visitor' : 'user',
    viewer.collectionSecret ? 'cs' : '',
    viewer.memoSecret ? 'ms' : '',
  ].join('');
  const values = [viewer.userId, viewer.collectionSecret ?? null, viewer.memoSecret ?? null];
  const slotted = (slots: readonly unknown[]): Viewer => ({
    userId: viewer.userId === null ? null : (slots[0] as number),
    collectionSecret: viewer.collectionSecret ? (slots[1] as string) : null,
    memoSecret: viewer.memoSecret ? (slots[2] as string) : null,
  });
  return { key, values, slotted, size: values.length };
}
