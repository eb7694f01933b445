import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerBlockRoutes } from './routes.js';
import { createBlockService } from './service.js';

/** Blocking (docs/RULES.md, Blocking; docs/DOMAIN.md, States). */
export function registerBlocks(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerBlockRoutes(app, guard, createBlockService(ctx));
}
