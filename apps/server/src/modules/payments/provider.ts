import type { PaymentStatus } from '@memoria/domain';

/** What an order asks of a payment provider (docs/notes/subscriptions.md, Providers). */
export interface PaymentRequest {
  amountCents: number;
  description: string;
  /** where the provider sends the customer back */
  redirectUrl: string;
  /** where the provider reports a change (the id alone) */
  webhookUrl: string;
  /** the same key answers the same payment, so a retried request never charges twice */
  idempotencyKey: string;
  locale: string;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  /** where the customer pays; null once the payment is final */
  checkoutUrl: string | null;
  amountCents: number;
}

/**
 * A payment provider. The provider is the only authority on a payment's status: whatever
 * reports a change (a webhook, the return page), the status is read again from it.
 */
export interface PaymentProvider {
  readonly name: 'mollie' | 'local';
  create(request: PaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; undefined when it knows no such payment. */
  get(paymentId: string): Promise<ProviderPayment | undefined>;
}

/** The provider could not be reached or refused the request: the customer may retry. */
export class ProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ProviderUnavailable';
  }
}
