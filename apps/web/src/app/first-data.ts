import type { QueryClient } from '@tanstack/react-query';
import { unreadMessagesQuery } from '../features/messenger/unread-query';
import { unreadCountQuery } from '../features/notifications/queries';
import { profileQuery } from '../features/profile/queries';

/** How long the first render waits at most for the layout's data. */
export const FIRST_DATA_WAIT_MS = 1500;

/**
 * The layout's data before the first render (docs/PERFORMANCE.md, Lighthouse). On a signed-in
 * first screen the boot script (build/boot-preload.ts) has asked for the profile and the two
 * unread counts while the app's code downloaded; they are usually in by the time it runs.
 * Taking them into the cache before React renders makes the first commit the signed-in layout
 * with its menus and badges, instead of a loader and then one more render of the whole layout
 * for each answer. Waits at most `waitMs`; a slower answer reaches the screen as before.
 */
export function layoutData(client: QueryClient, waitMs = FIRST_DATA_WAIT_MS): Promise<void> {
  if (typeof window === 'undefined' || !window.__memoriaEarly?.length) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.all([
      client.prefetchQuery(profileQuery),
      client.prefetchQuery(unreadCountQuery),
      client.prefetchQuery(unreadMessagesQuery),
    ]).then(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
