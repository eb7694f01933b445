import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { AuthDeps } from '../auth/deps.js';
import { registerUserRoutes } from './routes.js';
import { createPublicProfileSettings } from './public-profile.js';
import { registerPublicProfileRoutes } from './public-profile-routes.js';

/** The signed-in account: its profile, settings and rules (the user service lives in deps). */
export function registerUsers(app: ZodApp, guard: AuthGuard, deps: AuthDeps): void {
  registerUserRoutes(app, guard, deps.users);
  registerPublicProfileRoutes(app, guard, createPublicProfileSettings(deps.ctx));
}
