import { createMollieClient, type Payment } from '@mollie/api-client';
import { PAYMENT_STATUSES, centsToAmount, type PaymentStatus } from '@memoria/domain';
import { ProviderUnavailable, type PaymentProvider, type ProviderPayment } from './provider.js';

export interface MollieOptions {
  apiKey: string;
  /** another API address (tests run a fake Mollie on 127.0.0.1) */
  apiEndpoint?: string;
}

function statusOf(value: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value)
    ? (value as PaymentStatus)
    : 'open';
}

function present(payment: Payment): ProviderPayment {
  return {
    id: payment.id,
    status: statusOf(payment.status),
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    amountCents: Math.round(Number(payment.amount.value) * 100),
  };
}

/** Payments through Mollie (PAYMENT_PROVIDER=mollie, MOLLIE_API_KEY). */
export function createMollieProvider(options: MollieOptions): PaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
  });
  return {
    name: 'mollie',
    async create(request) {
      try {
        const payment = await client.payments.create({
          amount: { currency: 'EUR', value: centsToAmount(request.amountCents) },
          description: request.description,
          redirectUrl: request.redirectUrl,
          webhookUrl: request.webhookUrl,
          idempotencyKey: request.idempotencyKey,
        });
        return present(payment);
      } catch (error) {
        throw new ProviderUnavailable(error);
      }
    },
    async get(paymentId) {
      try {
        return present(await client.payments.get(paymentId));
      } catch (error) {
        // Mollie answers 404 for an id it never made (a forged webhook)
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw new ProviderUnavailable(error);
      }
    },
  };
}
