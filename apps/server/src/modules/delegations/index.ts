import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { AuthDeps } from '../auth/deps.js';
import { registerDelegateRights } from './rights.js';
import { createRoleService } from './role-service.js';
import { registerRoleRoutes } from './role-routes.js';
import { registerDelegationRoutes } from './routes.js';
import { createDelegationService } from './service.js';
import { createSwitchService } from './switch-service.js';

/**
 * The rights every write route declares, checked for sessions acting for an account, and
 * the audit of their writes (rights.ts). Registered before any route, so the hooks cover all.
 */
export function registerDelegationRights(app: FastifyInstance, ctx: AppContext): void {
  registerDelegateRights(app, createRoleService(ctx, createDelegationService(ctx)));
}

/** Delegations: managing them, and switching to an account that delegated to the signed-in person. */
export function registerDelegations(app: ZodApp, guard: AuthGuard, deps: AuthDeps): void {
  const delegations = createDelegationService(deps.ctx);
  registerDelegationRoutes(app, guard, createSwitchService(deps, delegations));
  registerRoleRoutes(app, guard, createRoleService(deps.ctx, delegations));
}
