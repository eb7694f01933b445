import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { AuthDeps } from './deps.js';
import { registerLockCodeRoutes } from './lock-code-routes.js';
import { createLockCodeService } from './lock-code-service.js';
import { createPasswordService } from './password-service.js';
import { registerAuthRoutes } from './routes.js';
import { createAccountService } from './service.js';
import { registerTwoFactorRoutes } from './two-factor-routes.js';
import { createTwoFactorService } from './two-factor-service.js';

/**
 * Accounts and sign-in: sign-up, login, tokens, passwords, two-factor and the lock code.
 * `deps` is built once in buildApp because the guard checks sessions through it too.
 */
export function registerAuth(app: ZodApp, guard: AuthGuard, deps: AuthDeps): void {
  const passwords = createPasswordService(deps);
  registerAuthRoutes(app, guard, createAccountService(deps), passwords);
  registerTwoFactorRoutes(app, guard, createTwoFactorService(deps, passwords));
  registerLockCodeRoutes(app, guard, createLockCodeService(deps));
  // every signed-in request and socket reads its session first (db/warm.ts)
  deps.ctx.warmUp.add(deps.sessions.warm);
}
