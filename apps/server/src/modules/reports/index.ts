import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerReportRoutes } from './routes.js';
import { createReportService } from './service.js';

/** Reports and support requests, kept for moderation (docs/API.md, Calls). */
export function registerReports(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  registerReportRoutes(app, guard, createReportService(ctx));
}
