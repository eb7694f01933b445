import { PAGE_SIZES } from '@memoria/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createFeedService } from '../feed/service.js';
import { memoListAnswer } from '../memos/answers.js';
import { afterMemoOf, afterMemoQuery, listQuery, listQueryOf } from '../memos/route-helpers.js';
import { publicProfileAnswer } from '../profiles/answers.js';
import { pagingQuery, listAnswer } from '../../http/route-schemas.js';
import { createProfileService } from '../profiles/service.js';

const tags = ['discover'];
/** Paging and the search words, read as the memo lists read them. */
const postsQuery = listQuery
  .pick({ search: true, page: true, itemsPerPage: true, offset: true })
  .extend(afterMemoQuery);
const PEOPLE_PAGING = { defaultItemsPerPage: PAGE_SIZES.publicProfiles, maxItemsPerPage: 100 };

/**
 * Discover (docs/SCREENS.md, Lists and forms; docs/API.md, Calls; docs/RULES.md, Feed and
 * discover), for visitors and signed-in people alike:
 *  - GET /api/discover: posts, the published memos of others in public collections, newest
 *    first, without people blocked either way; with `search`, only those matching every word
 *    (title, text, tags; a leading # is dropped), which is where a hashtag on a public page
 *    leads. hydra:totalItems counts up to this page's
 *    end, plus one when more follow (as the feed does).
 *  - GET /api/discover/people: public profiles of others, by name, without those blocked
 *    either way or excluded through POST /api/suggestion_exclude (the profile module's
 *    public search without a search text); hydra:totalItems counted like the posts'.
 */
export function registerDiscover(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const feed = createFeedService(ctx);
  const profiles = createProfileService(ctx);
  const viewerOf = (request: FastifyRequest) => request.auth?.userId ?? null;

  app.get(
    '/api/discover',
    {
      preParsing: guard.optional,
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'Public posts of others, newest first; `search` words (a hashtag) must all match',
        querystring: postsQuery,
        response: { 200: memoListAnswer },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { search, limit, offset } = listQueryOf(request, request.query);
      const q = { search, limit, offset, after: afterMemoOf(request.query.after_memo) };
      const page = await feed.discover(viewer, q);
      const members = await app.memos.presentIds({ userId: viewer }, page.ids);
      const total = q.offset + members.length + (page.more ? 1 : 0);
      return sendCollection(request, reply, members, total);
    },
  );

  app.get(
    '/api/discover/people',
    {
      preParsing: guard.optional,
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'Public profiles of others, without those I asked not to be suggested',
        querystring: pagingQuery,
        response: { 200: listAnswer(publicProfileAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PEOPLE_PAGING);
      const { members, total } = await profiles.search(viewerOf(request), {
        limit: paging.itemsPerPage,
        offset: paging.offset,
        total: 'page',
      });
      return sendCollection(request, reply, members, total);
    },
  );
}
