import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createPayments, registerPaymentRoutes } from '../payments/index.js';
import { registerSubscriptionRoutes } from './routes.js';
import { DEFAULT_PRODUCTS } from './seed.js';
import { createSubscriptionService, SUBSCRIPTION_JOBS } from './service.js';
import { insertMissingProducts } from './store.js';

export { createSubscriptionService, SUBSCRIPTION_JOBS } from './service.js';
export type { SubscriptionService } from './service.js';

/** The plans on sale, written at start when missing (an operator's changes stay). */
export async function seedProducts(ctx: Pick<AppContext, 'database'>): Promise<void> {
  await insertMissingProducts(ctx.database.db, ctx.database.dialect, DEFAULT_PRODUCTS);
}

/** Plans, orders, their payments and lifecycle jobs (docs/notes/subscriptions.md). */
export async function registerSubscriptions(
  app: FastifyInstance,
  zapp: ZodApp,
  guard: AuthGuard,
  ctx: AppContext,
) {
  await seedProducts(ctx);
  const payments = createPayments(ctx);
  const subscriptions = createSubscriptionService(ctx, payments);
  ctx.jobs.register<{ orderId: number }>(SUBSCRIPTION_JOBS.expiring, (p) =>
    subscriptions.markExpiring(p.orderId),
  );
  ctx.jobs.register<{ orderId: number }>(SUBSCRIPTION_JOBS.expire, (p) =>
    subscriptions.expire(p.orderId),
  );
  ctx.jobs.register<{ orderId: number }>(SUBSCRIPTION_JOBS.switchOff, (p) =>
    subscriptions.switchOff(p.orderId),
  );
  ctx.jobs.register<{ paymentId: string }>(SUBSCRIPTION_JOBS.localPaymentExpire, (p) =>
    subscriptions.expireLocalPayment(p.paymentId),
  );
  registerSubscriptionRoutes(zapp, guard, ctx, subscriptions);
  await registerPaymentRoutes(app, payments, (paymentId) => subscriptions.syncPayment(paymentId));
  return subscriptions;
}
