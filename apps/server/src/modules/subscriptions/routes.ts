import { z } from 'zod';
import { orderCreateSchema, PRODUCT_TYPES, WORKSPACE_TYPES } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import {
  idParams,
  intIdFromPath,
  listAnswer,
  pagingQuery,
  security,
} from '../../http/route-schemas.js';
import type { ZodApp } from '../../http/zod-app.js';
import { invoiceHtml } from './invoice.js';
import { presentOrder, presentProduct } from './present.js';
import type { SubscriptionService } from './service.js';

const tags = ['subscriptions'];
const PAGING = { defaultItemsPerPage: 30, maxItemsPerPage: 100 };

const productAnswer = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  price_net: z.number(),
  storage: z.number(),
  features: z.array(z.string()),
  workspace_type: z.string().nullable(),
  maximum_users: z.number().nullable(),
  is_disabled_for_user: z.boolean(),
});
const orderAnswer = z.object({
  id: z.number(),
  status: z.string(),
  payment_status: z.string().nullable(),
  created_at: z.string(),
  modified_at: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  price_net: z.number(),
  credit: z.number(),
  product: productAnswer.omit({ features: true, is_disabled_for_user: true }),
  invoice_url: z.string().nullable(),
});
const orderId = (value: string) => intIdFromPath(value, () => notFound('order.notFound'));
const productId = (value: string) => intIdFromPath(value, () => notFound('product.notFound'));

/**
 * Plans and orders (docs/notes/subscriptions.md). Buying and cancelling need the `settings`
 * right from a delegate: a plan is part of the account's settings, and a delegate trusted
 * with them may pay for the account (the person signed in is kept as the order's buyer).
 */
export function registerSubscriptionRoutes(
  app: ZodApp,
  guard: AuthGuard,
  ctx: AppContext,
  subscriptions: SubscriptionService,
): void {
  app.get(
    '/api/product',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The plans on sale, with whether the signed-in account may buy each',
        querystring: z
          .object({
            type: z.enum(PRODUCT_TYPES).optional(),
            workspace_type: z.enum(WORKSPACE_TYPES).optional(),
          })
          .loose(),
        response: { 200: z.array(productAnswer) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const account = await subscriptions.loadAccount(auth.userId);
      const entitlements = await subscriptions.entitlementsAt(auth.userId);
      const rows = await subscriptions.products(request.query);
      return rows.map((row) => presentProduct(row, account, entitlements));
    },
  );

  app.get(
    '/api/product/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'One plan',
        params: idParams,
        response: { 200: productAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await subscriptions.product(productId(request.params.id));
      if (!row) throw notFound('product.notFound');
      const account = await subscriptions.loadAccount(auth.userId);
      return presentProduct(row, account, await subscriptions.entitlementsAt(auth.userId));
    },
  );

  app.post(
    '/api/order/mollie',
    {
      config: { right: 'settings' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Buy a plan: the order and its payment; answers where to pay',
        body: orderCreateSchema,
        response: {
          201: z.object({
            id: z.number(),
            name: z.string(),
            payment_checkout_url: z.string(),
            order: z.string(),
            // a group or workspace plan: the new account, and the token to switch into it
            account_user: z.string().optional(),
            secure_token: z.string().optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await subscriptions.createOrder(authOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/order',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The orders of the signed-in account, newest first (paged)',
        querystring: pagingQuery,
        response: { 200: listAnswer(orderAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { items, total } = await subscriptions.listOrders(authOf(request), {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, items.map(presentOrder), total);
    },
  );

  app.get(
    '/api/order/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'One order of the account',
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (request) =>
      presentOrder(await subscriptions.order(authOf(request), orderId(request.params.id))),
  );

  app.get(
    '/api/order/success/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'The order after the payment window: its payment is checked with the provider first',
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (request) =>
      presentOrder(
        await subscriptions.orderAfterPayment(authOf(request), orderId(request.params.id)),
      ),
  );

  app.get(
    '/api/order/:id/invoice',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The invoice of a paid order (HTML, printable)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const order = await subscriptions.order(authOf(request), orderId(request.params.id));
      if (!order.invoice_number) throw notFound('order.notFound');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `inline; filename="invoice-${order.invoice_number}.html"`)
        .send(invoiceHtml(order, ctx.config.seller));
    },
  );

  app.post(
    '/api/order/:id/cancel',
    {
      config: { right: 'settings' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Cancel a subscription: it stays until the end of its paid year',
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (request) =>
      presentOrder(await subscriptions.cancel(authOf(request), orderId(request.params.id))),
  );
}
