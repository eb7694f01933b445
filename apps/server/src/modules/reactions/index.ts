import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerReactionRoutes } from './routes.js';
import { createReactionService } from './service.js';

/** Reactions (issue 6): routes and event listeners of this module. */
export function registerReactions(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerReactionRoutes(app, guard, createReactionService(ctx));
}
