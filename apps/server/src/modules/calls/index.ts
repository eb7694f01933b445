import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { CallSocketPort } from '../../realtime/index.js';
import { registerCallRoutes } from './routes.js';
import { createCallService } from './service.js';
import { createSignalling } from './signalling.js';

export { turnCredentials } from './ice.js';

/** The recurring sweep of calls left behind by stopped instances (docs/notes/calls.md). */
export const CALL_SWEEP_JOB = 'calls.sweep';
export const CALL_SWEEP_EVERY_MS = 60_000;

/** Queues the next sweep (one waits at a time: queueing again moves it). */
export async function scheduleCallSweep(jobs: JobQueue, runAt: Date): Promise<void> {
  await jobs.enqueue(CALL_SWEEP_JOB, {}, { runAt, uniqueKey: CALL_SWEEP_JOB, maxAttempts: 1 });
}

/**
 * Video calls on collections (docs/notes/calls.md): the routes that start and join calls,
 * and the call socket's side of the realtime endpoint, which buildApp hands to it.
 */
export function registerCalls(app: ZodApp, guard: AuthGuard, ctx: AppContext): CallSocketPort {
  // the service tells the signalling whom to expect on the call socket (it exists by the
  // time any request arrives)
  const service = createCallService(ctx, {
    joined: (participantId) => signalling.expectSocket(participantId),
  });
  const signalling = createSignalling(ctx, service);
  registerCallRoutes(app, guard, service);
  ctx.jobs.register(CALL_SWEEP_JOB, async () => {
    // the next one is queued first, so a failed sweep does not end the chain
    await scheduleCallSweep(ctx.jobs, new Date(Date.now() + CALL_SWEEP_EVERY_MS));
    const swept = await signalling.sweep();
    if (swept.left > 0 || swept.ended > 0) ctx.log.info(swept, 'calls swept');
  });
  app.addHook('onClose', () => {
    signalling.close();
    return Promise.resolve();
  });
  return signalling;
}
