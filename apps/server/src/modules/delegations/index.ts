import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { AuthDeps } from '../auth/deps.js';
import { registerDelegationRoutes } from './routes.js';
import { createDelegationService } from './service.js';
import { createSwitchService } from './switch-service.js';

/** Delegations and switching to an account that delegated to the signed-in person. */
export function registerDelegations(app: ZodApp, guard: AuthGuard, deps: AuthDeps): void {
  const delegations = createDelegationService(deps.ctx);
  registerDelegationRoutes(app, guard, createSwitchService(deps, delegations));
}
