import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';

/** Reactions (issue 6): routes and event listeners of this module. */
export function registerReactions(_app: ZodApp, _guard: AuthGuard, _ctx: AppContext): void {}
