import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';

/** Push (issue 6): routes and event listeners of this module. */
export function registerPush(_app: ZodApp, _guard: AuthGuard, _ctx: AppContext): void {}
