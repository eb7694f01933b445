import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createAccountBasics } from './common.js';
import { createDataExportService, EXPORT_EXPIRY_JOB, EXPORT_JOB } from './data-export.js';
import { createDeletionService, DELETION_JOB } from './deletion.js';
import { createDeviceService } from './devices.js';
import { createDocumentService } from './documents.js';
import { createEmailChangeService } from './email-change.js';
import { registerAccountRoutes } from './routes.js';

export { createDeletionService } from './deletion.js';

/** The account's self-service and the help and legal documents (docs/API.md, The account). */
export function createAccountServices(ctx: AppContext) {
  const basics = createAccountBasics(ctx);
  return {
    emailChange: createEmailChangeService(ctx, basics),
    deletion: createDeletionService(ctx, basics),
    devices: createDeviceService(basics),
    exports: createDataExportService(ctx, basics),
    documents: createDocumentService(ctx),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;

export function registerAccount(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const services = createAccountServices(ctx);
  registerAccountRoutes(app, guard, services);
  ctx.jobs.register<{ userId: number }>(DELETION_JOB, (payload) =>
    services.deletion.carryOut(payload.userId),
  );
  ctx.jobs.register<{ exportId: number }>(EXPORT_JOB, (payload, job) =>
    services.exports.make(payload.exportId, { last: job.attempt >= job.maxAttempts }),
  );
  ctx.jobs.register<{ exportId: number }>(EXPORT_EXPIRY_JOB, (payload) =>
    services.exports.expire(payload.exportId),
  );
}
