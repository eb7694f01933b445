import type { AppContext } from '../../context.js';
import { ACTIVITY_DISPATCH_JOB, dispatchAfterCommit } from '../../events/index.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createDelivery, type PushSink } from './delivery.js';
import { EMAIL_JOB, createEmailDigest } from './email.js';
import { recordMemoPublished } from './producers.js';
import { registerNotificationRoutes } from './routes.js';
import { createPushSender } from '../push/index.js';
import { createNotificationService } from './service.js';

export { recordCallStarted, recordCollectionShared, recordDataExportReady } from './producers.js';
export { sharingOf, type SharingState } from './sharing-store.js';
export {
  EMAIL_JOB,
  MESSAGE_DIGEST_TYPE,
  addDigestSource,
  scheduleDigests,
  type DigestSource,
} from './email.js';
export { peopleWanting } from './service.js';

/**
 * Notifications (docs/API.md, Calls): the recipient's API and settings, the activity handler
 * (live socket message, web push, e-mail digest) and the events this module produces
 * itself (memo publications).
 */
export function registerNotifications(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const sender = createPushSender(ctx);
  const push: PushSink = {
    enqueue: (userIds, message) => sender.enqueue(ctx.database.db, userIds, message),
  };
  registerNotificationRoutes(app, guard, createNotificationService(ctx));

  const email = createEmailDigest(ctx, ctx.config.notificationEmailDelayMs);
  const deliver = createDelivery(ctx, email, push);
  ctx.activity.setHandler(deliver);
  ctx.jobs.register(EMAIL_JOB, async (payload: unknown) => {
    const userId = (payload as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'number') await email.send(userId);
  });
  ctx.jobs.register(ACTIVITY_DISPATCH_JOB, async (payload: unknown) => {
    const ids = (payload as { ids?: unknown } | null)?.ids;
    if (Array.isArray(ids)) await deliver(ids.filter((id): id is number => typeof id === 'number'));
  });

  app.memos.events.onMemoPublished(async (event) => {
    const ids = await recordMemoPublished(event.db, ctx.database.dialect, event);
    await dispatchAfterCommit(event.db, ids, ctx);
  });
}
