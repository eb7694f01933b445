import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToAmount } from '@memoria/domain';
import { notFound } from '../../http/errors.js';
import { LOCAL_CHECKOUT_PATH, LOCAL_OUTCOMES, type LocalOutcome } from './local-store.js';
import type { Payments } from './index.js';

export const PAYMENT_WEBHOOK_PATH = '/api/payment/webhook';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function checkoutPage(id: string, description: string, amountCents: number, open: boolean) {
  const buttons = open
    ? (Object.keys(LOCAL_OUTCOMES) as LocalOutcome[])
        .map(
          (outcome) =>
            `<button type="submit" name="outcome" value="${outcome}">${
              { pay: 'Pay', fail: 'Make the payment fail', cancel: 'Cancel' }[outcome]
            }</button>`,
        )
        .join('\n')
    : '<p>This payment is finished.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:28rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}</style></head>
<body><main><h1>Test checkout</h1>
<p>No money moves here: this server's built-in payment provider lets you try buying a plan.</p>
<p><strong>${escapeHtml(description)}</strong><br>€ ${centsToAmount(amountCents)}</p>
<form method="post" action="${LOCAL_CHECKOUT_PATH}/${escapeHtml(id)}">${buttons}</form></main></body></html>`;
}

const formBody = z.object({ id: z.string().max(100).optional() }).loose();

/**
 * The provider's side of the server: the webhook (a provider reports only a payment id; the
 * status is read back from the provider by `onPaymentChanged`, so a forged call changes
 * nothing), and the built-in provider's checkout page.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  payments: Payments,
  onPaymentChanged: (paymentId: string) => Promise<void>,
): Promise<void> {
  // Providers post forms; the rest of the API speaks JSON only, so the parser stays in here.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const zapp = scope.withTypeProvider<ZodTypeProvider>();
    zapp.post(
      PAYMENT_WEBHOOK_PATH,
      {
        // the provider calls it, signed in as nobody
        config: { right: 'any' },
        schema: {
          tags: ['payments'],
          summary:
            'The payment provider reports a change of a payment (its id only; the status is read back from the provider)',
          body: formBody,
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        const id = request.body.id;
        if (id) await onPaymentChanged(id);
        return { received: true };
      },
    );

    const local = payments.local;
    if (!local) return;
    const params = z.object({ id: z.string().max(40) });
    zapp.get(
      `${LOCAL_CHECKOUT_PATH}/:id`,
      {
        schema: {
          tags: ['payments'],
          summary: 'The built-in provider’s checkout page (PAYMENT_PROVIDER=local)',
          params,
        },
      },
      async (request, reply) => {
        const row = await local.find(request.params.id);
        if (!row) throw notFound();
        return reply
          .type('text/html; charset=utf-8')
          .send(checkoutPage(row.id, row.description, row.amount_cents, row.status === 'open'));
      },
    );
    zapp.post(
      `${LOCAL_CHECKOUT_PATH}/:id`,
      {
        config: { right: 'any' },
        schema: {
          tags: ['payments'],
          summary: 'Pay, fail or cancel a payment of the built-in provider, then go back',
          params,
          body: z.object({ outcome: z.enum(['pay', 'fail', 'cancel']) }),
        },
      },
      async (request, reply) => {
        const row = await local.settle(request.params.id, request.body.outcome);
        if (!row) throw notFound();
        // as a real provider calls the webhook, then sends the customer back
        await onPaymentChanged(row.id);
        return reply.redirect(row.redirect_url, 303);
      },
    );
  });
}
