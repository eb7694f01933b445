import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createTransferFiling } from './collection.js';
import { createTransferFiles } from './files.js';
import { registerTransferRoutes } from './routes.js';
import type { JobQueue } from '../../jobs/queue.js';
import {
  createTransferService,
  EXPIRE_JOB,
  FILE_JOB,
  SWEEP_EVERY_MS,
  SWEEP_JOB,
} from './service.js';
import { registerUploadRoutes } from './uploads.js';

export { createTransferFiles } from './files.js';
export { createTransferService, type TransferService } from './service.js';

/** Queues the transfers' sweep (one for the whole installation, whatever the instances). */
export async function scheduleTransferSweep(jobs: JobQueue, runAt: Date): Promise<void> {
  await jobs.enqueue(SWEEP_JOB, {}, { runAt, uniqueKey: SWEEP_JOB, maxAttempts: 1 });
}

/**
 * File transfer (issue 24; docs/notes/file-transfer.md): the calls, the tus endpoint, and
 * the job that removes a transfer once it expired or was used up.
 */
export async function registerTransfer(
  app: FastifyInstance,
  zapp: ZodApp,
  guard: AuthGuard,
  ctx: AppContext,
): Promise<void> {
  const files = createTransferFiles(ctx.config.dataDir);
  // the memo service the memos module decorated the app with (its events reach notifications)
  const filing = createTransferFiling(ctx, () => app.memos);
  const transfers = createTransferService(ctx, files, filing);
  ctx.jobs.register<{ id: string }>(EXPIRE_JOB, async (payload) => {
    await transfers.expire(payload.id);
  });
  ctx.jobs.register<{ id: string }>(FILE_JOB, async (payload, job) => {
    await transfers.fileJob(payload.id, { last: job.attempt >= job.maxAttempts });
  });
  ctx.jobs.register(SWEEP_JOB, async () => {
    // the next one is queued first, so a failed sweep does not end the chain
    await scheduleTransferSweep(ctx.jobs, new Date(Date.now() + SWEEP_EVERY_MS));
    const swept = await transfers.sweep();
    if (swept.transfers > 0 || swept.files > 0) ctx.log.info(swept, 'transfers swept');
  });
  registerTransferRoutes(zapp, guard, transfers);
  await registerUploadRoutes(app, ctx.database, files);
}
