import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerCollectionFollowRoutes } from './follow-routes.js';
import { createCollectionFollowService } from './follow-service.js';
import { registerCollectionRoutes } from './routes.js';
import { createCollectionService } from './service.js';
import { createMediaService } from '../media/index.js';

/**
 * Collections (docs/DOMAIN.md, Entities, States; docs/API.md, Calls): the routes of both services,
 * registered by buildApp.
 */
export function registerCollections(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerCollectionRoutes(app, guard, createCollectionService(ctx, createMediaService(ctx)));
  registerCollectionFollowRoutes(app, guard, createCollectionFollowService(ctx));
}
