import type { AppContext } from '../../context.js';
import { createLocalProvider } from './local-store.js';
import { createMollieProvider } from './mollie.js';
import type { PaymentProvider } from './provider.js';

export type { PaymentProvider, PaymentRequest, ProviderPayment } from './provider.js';
export { ProviderUnavailable } from './provider.js';
export { registerPaymentRoutes, PAYMENT_WEBHOOK_PATH } from './routes.js';

export interface Payments {
  provider: PaymentProvider;
  /** the built-in provider, when it is the one configured (its checkout page is served) */
  local?: ReturnType<typeof createLocalProvider>;
}

/** The configured provider (PAYMENT_PROVIDER; docs/notes/subscriptions.md, Providers). */
export function createPayments(ctx: Pick<AppContext, 'config' | 'database'>): Payments {
  const { config, database } = ctx;
  if (config.payments.provider === 'mollie') {
    return {
      provider: createMollieProvider({
        apiKey: config.payments.apiKey,
        apiEndpoint: config.payments.apiEndpoint,
      }),
    };
  }
  const local = createLocalProvider(database.db, database.dialect, config.publicUrl);
  return { provider: local, local };
}
