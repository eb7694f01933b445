import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerPushRoutes } from './routes.js';
import { createPushSender } from './sender.js';
import { createPushService } from './service.js';

export { createPushSender, type PushMessage, type PushSender } from './sender.js';
export { NEWS_TOPIC } from './store.js';

/**
 * Web push (issue 6, docs/API.md, Calls): the browsers' subscriptions, the news
 * topic, pushes about a memo to its audience, and the sender other modules queue pushes
 * with (durable jobs, delivered through the guarded client).
 */
export function registerPush(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const sender = createPushSender(ctx);
  registerPushRoutes(app, guard, createPushService(ctx, sender));
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await sender.close();
  });
}
