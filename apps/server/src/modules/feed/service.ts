import type { AppContext } from '../../context.js';
import { createQueryCache } from '../memos/query-cache.js';
import { discoverPage, feedLatest, feedPage, type PageQuery } from './store.js';

/**
 * The feed and discover posts as pages of memo ids: the routes of both present them through
 * the memos module. Each service keeps its own prepared-statement cache.
 */
export function createFeedService(ctx: Pick<AppContext, 'database'>) {
  const { db, dialect } = ctx.database;
  const cache = createQueryCache(db);
  return {
    /** Ids of one feed page of `viewer`, newest first. */
    page: (viewer: number, q: PageQuery) => feedPage(cache, db, dialect, viewer, q),
    /** When the newest memo of the viewer's feed was published (null: an empty feed). */
    latest: (viewer: number) => feedLatest(cache, db, dialect, viewer),
    /** Ids of one discover posts page, newest first (null: a visitor). */
    discover: (viewer: number | null, q: PageQuery) => discoverPage(cache, db, dialect, viewer, q),
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
