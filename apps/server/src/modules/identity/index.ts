import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerIdentityRoutes } from './routes.js';
import { createIdentityService } from './service.js';

/**
 * Identity verification and sign-in through an external OpenID Connect provider
 * (docs/notes/identity-verification.md, docs/API.md, Identity).
 */
export function registerIdentity(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerIdentityRoutes(app, guard, createIdentityService(ctx), ctx.config.publicUrl);
}
