import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { engagementWatchersJudge } from './announce.js';
import { registerCommentRoutes } from './routes.js';
import { createCommentService } from './service.js';

export { announceMemoChange, engagementWatchersJudge } from './announce.js';
export { loadEngagementMemo } from './access.js';
export { engagedAudience } from './audience-store.js';

/** Comments (issue 6): routes and event listeners of this module. */
export function registerComments(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerCommentRoutes(app, guard, createCommentService(ctx));
  // who of an instance's watchers hears of a comment or reaction (reactions announce here too)
  const judge = engagementWatchersJudge(ctx);
  ctx.realtime.judgeMemoChanges('comment', judge);
  ctx.realtime.judgeMemoChanges('reaction', judge);
}
