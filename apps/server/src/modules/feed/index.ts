import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isoTime } from '../../db/dialect.js';
import type { AuthGuard } from '../../http/auth.js';
import { sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { memoListAnswer } from '../memos/answers.js';
import { afterMemoOf, afterMemoQuery, listQuery, listQueryOf } from '../memos/route-helpers.js';
import { createFeedService } from './service.js';

const tags = ['feed'];
const security = [{ bearer: [] }];
const latestAnswer = z.object({ latest: z.string().nullable() });
const feedQuery = listQuery.extend(afterMemoQuery);

/**
 * The feed (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md, States: Feed; docs/RULES.md, Feed and
 * discover): published memos visible to me from the people I am connected with or follow, newest
 * first, without my own, muted collections or people blocked either way. Paged by offset (the
 * client moves it by one for each memo created or removed in its pages) and, for the pages
 * after the first, by the last memo it holds (`after_memo`), which is found in the index
 * instead of counted from the top. hydra:totalItems counts up
 * to this page's end, plus one when more follow: a full count would read every memo of a hundred
 * people for each page, and the list only needs to know whether it is over.
 *
 * Visitors get 401: the web page shows them an invitation to sign in and the public posts
 * of discover instead.
 */
export function registerFeed(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const feed = createFeedService(ctx);

  app.get(
    '/api/feed',
    {
      preParsing: guard.required,
      config: { answerCache: true },
      schema: {
        tags,
        security,
        summary: 'My feed: memos of the people I am connected with or follow, newest first',
        querystring: feedQuery,
        response: { 200: memoListAnswer },
      },
    },
    async (request, reply) => {
      const viewer = authOf(request).userId;
      const q = listQueryOf(request, request.query);
      const page = await feed.page(viewer, { ...q, after: afterMemoOf(request.query.after_memo) });
      const members = await app.memos.presentIds({ userId: viewer }, page.ids);
      const total = q.offset + members.length + (page.more ? 1 : 0);
      return sendCollection(request, reply, members, total);
    },
  );

  app.get(
    '/api/feed/latest',
    {
      preParsing: guard.required,
      config: { answerCache: true },
      schema: {
        tags,
        security,
        summary:
          'When the newest memo of my feed was published (the new-content check, at most once a minute)',
        response: { 200: latestAnswer },
      },
    },
    async (request) => {
      const latest = await feed.latest(authOf(request).userId);
      return { latest: isoTime(latest) };
    },
  );
}
