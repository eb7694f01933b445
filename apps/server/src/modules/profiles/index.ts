import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerProfileRoutes } from './routes.js';
import { createProfileService } from './service.js';

/**
 * Profiles of people (docs/DOMAIN.md, Entities; docs/API.md, Calls: Profile) and suggestion
 * exclusion.
 */
export function registerProfiles(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerProfileRoutes(app, guard, createProfileService(ctx));
}
