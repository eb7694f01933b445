import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerWorkspaceRoutes } from './routes.js';
import { createWorkspaceService } from './service.js';

export { createWorkspaceService, type NewWorkspace } from './service.js';

/** Workspaces and groups (docs/notes/workspaces.md). */
export function registerWorkspaces(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerWorkspaceRoutes(app, guard, createWorkspaceService(ctx));
}
