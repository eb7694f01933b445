import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerFollowRoutes } from './routes.js';
import { createFollowService } from './service.js';

/** Following (docs/API.md, Calls). */
export function registerFollows(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerFollowRoutes(app, guard, createFollowService(ctx));
}
