import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerFavouriteRoutes } from './routes.js';
import { createFavouriteService } from './service.js';

/** For other modules' answers: the viewer's favourite row per collection id. */
export { favouriteIdsForCollections } from './store.js';

/** Favourite collections and contacts (docs/API.md, Calls). */
export function registerFavourites(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerFavouriteRoutes(app, guard, createFavouriteService(ctx));
}
