import { randomUUID } from 'node:crypto';
import {
  BILLING_FIELDS,
  SUBSCRIPTION,
  entitlementsOf,
  isFinalPaymentStatus,
  isLocale,
  iri,
  orderCountsAt,
  orderPeriodEnd,
  unusedCreditCents,
  type BillingFields,
  type Entitlements,
  type Locale,
  type OrderCreate,
  type OrderFacts,
  type OrderStatus,
  type PlanName,
  type ProductType,
  type UserRules,
  type WorkspaceType,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readJson, readTime } from '../../db/dialect.js';
import { dispatchAfterCommit, recordActivities, transaction } from '../../events/index.js';
import { ApiError, ValidationFailed, notFound, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import { PAYMENT_WEBHOOK_PATH, ProviderUnavailable, type Payments } from '../payments/index.js';
import { createWorkspaceService } from '../workspaces/index.js';
import { FREE_PRODUCT_CODE } from './seed.js';
import {
  countInvoices,
  findAccountRow,
  findOrder,
  findOrderByPayment,
  findProduct,
  findProductByCode,
  insertOrder,
  listProducts,
  moveOrder,
  pageOrdersOf,
  paidOrdersOf,
  recentPaidOrdersOf,
  setOrderPayment,
  updateProduct,
  writeAccountPlan,
  type OrderWithProduct,
  type ProductRow,
} from './store.js';

const DAY_MS = 86_400_000;

/** The lifecycle jobs of a paid order (docs/notes/subscriptions.md, Lifecycle). */
export const SUBSCRIPTION_JOBS = {
  expiring: 'subscription.expiring',
  expire: 'subscription.expire',
  switchOff: 'subscription.switch-off',
  /** an unpaid payment of the built-in provider runs out (as a real provider's does) */
  localPaymentExpire: 'payment.local-expire',
} as const;

/** Notifications (and e-mails) of the subscription lifecycle. */
export const SUBSCRIPTION_NOTICES = [
  'subscription_expiring',
  'subscription_expired',
  'subscription_cancelled',
  'subscription_renewed',
] as const;
export type SubscriptionNotice = (typeof SUBSCRIPTION_NOTICES)[number];

const PLAN_TYPES: readonly string[] = ['personal', 'professional'];
/**
 * Plans that replace each other: a personal account moves between Bronze and Silver, a
 * workspace account between its group and workspace plans. Buying another plan of the same
 * family is an upgrade (the unused part of the old one credited) or, the same plan, a renewal.
 */
const PLAN_FAMILIES: readonly (readonly string[])[] = [PLAN_TYPES, ['workspace', 'user_defined']];
const familyOf = (type: string) => PLAN_FAMILIES.find((family) => family.includes(type));
const COUNTED: readonly OrderStatus[] = ['active', 'expiring', 'expired', 'renewed'];

function factsOf(order: OrderWithProduct): OrderFacts {
  return {
    status: order.status as OrderStatus,
    starts_at: readTime(order.starts_at),
    ends_at: readTime(order.ends_at),
    product: {
      type: order.product.type as ProductType,
      storage: order.product.storage_gb,
      maximum_users: order.product.maximum_users,
      workspace_type: order.product.workspace_type as WorkspaceType | null,
    },
  };
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountRow>>>;

/** The billing fields of a profile, or the violations of those missing (spec §5). */
export function billingOf(account: AccountRow): BillingFields {
  const missing = BILLING_FIELDS.filter(
    (field) =>
      field !== 'billing_company_name' &&
      field !== 'billing_vat_number' &&
      !(account[field] ?? '').trim(),
  );
  if (missing.length > 0) {
    throw new ValidationFailed(
      missing.map((field) => ({ propertyPath: field, key: 'validation.required' })),
    );
  }
  return Object.fromEntries(
    BILLING_FIELDS.map((field) => [field, account[field]]),
  ) as BillingFields;
}

/**
 * Whether the account may buy the plan now (`is_disabled_for_user`): not a withdrawn plan nor
 * the free one; a workspace account buys only workspace plans (its upgrade), a main user or
 * a workspace no personal plan, and nobody a plan below the one they have.
 */
export function isDisabledFor(
  product: ProductRow,
  account: Pick<AccountRow, 'user_type'>,
  entitlements: Entitlements,
): boolean {
  if (product.disabled === true || product.disabled === 1 || product.code === FREE_PRODUCT_CODE) {
    return true;
  }
  const workspaceAccount = account.user_type === 'workspace';
  if (product.type === 'workspace' || product.type === 'user_defined') {
    return account.user_type === 'main';
  }
  if (workspaceAccount) return product.type !== 'storage';
  if (product.type === 'personal') return entitlements.silver;
  return false;
}

export function createSubscriptionService(ctx: AppContext, payments: Payments) {
  const { db, dialect } = ctx.database;
  const workspaces = createWorkspaceService(ctx);

  async function entitlementsAt(userId: number, now = new Date()): Promise<Entitlements> {
    return entitlementsOf((await paidOrdersOf(db, userId)).map(factsOf), now);
  }

  /**
   * Writes what the account's orders give it onto its row, where every gate reads it (the
   * plan, the plan flags of `rules`, bought storage). Called after every order change.
   */
  async function refreshAccount(userId: number, now = new Date(), trx = db): Promise<Entitlements> {
    const orders = await paidOrdersOf(trx, userId);
    const entitlements = entitlementsOf(orders.map(factsOf), now);
    const account = await findAccountRow(trx, userId);
    if (!account) return entitlements;
    const rules: UserRules = {
      ...readJson<UserRules>(account.rules, {}),
      has_subscription: entitlements.has_subscription,
      bronze: entitlements.bronze,
      silver: entitlements.silver,
      // a group or workspace plan gives its account's collections document versions
      document_versioning: entitlements.document_versioning,
      // a group or workspace plan sets how many members its account takes
      ...(entitlements.maximum_users !== null ? { maximum_users: entitlements.maximum_users } : {}),
    };
    // storage an operator set directly (users:storage) stays until the account buys some
    const buysStorage = orders.some((order) => order.product.type === 'storage');
    await writeAccountPlan(trx, dialect, userId, {
      plan: entitlements.plan,
      rules,
      ...(buysStorage ? { storage_order_bytes: entitlements.order_storage_bytes } : {}),
    });
    return entitlements;
  }

  async function scheduleLifecycle(order: { id: number; ends_at: Date }, trx = db) {
    const end = order.ends_at.getTime();
    const jobs = [
      [SUBSCRIPTION_JOBS.expiring, end - SUBSCRIPTION.expiringNoticeDays * DAY_MS],
      [SUBSCRIPTION_JOBS.expire, end],
      [SUBSCRIPTION_JOBS.switchOff, end + SUBSCRIPTION.disabledAfterExpiryDays * DAY_MS],
    ] as const;
    for (const [type, at] of jobs) {
      await ctx.jobs.enqueue(
        type,
        { orderId: order.id },
        { runAt: new Date(at), uniqueKey: `${type}:${order.id}`, db: trx },
      );
    }
  }

  async function notify(
    trx: typeof db,
    userId: number,
    notice: SubscriptionNotice,
    order: OrderWithProduct,
  ): Promise<void> {
    const ids = await recordActivities(trx, [
      {
        type: notice,
        actorUserId: null,
        recipientUserId: userId,
        payload: { order_id: order.id, product: order.product.name },
      },
    ]);
    await dispatchAfterCommit(trx, ids, ctx);
  }

  async function mail(userId: number, notice: SubscriptionNotice, order: OrderWithProduct) {
    const account = await findAccountRow(db, userId);
    if (!account) return;
    const locale: Locale = isLocale(account.locale) ? account.locale : 'en';
    const endsAt = readTime(order.ends_at);
    await ctx.mailer.send({
      to: account.usermail,
      locale,
      template: notice,
      params: {
        name: account.name,
        product: order.product.name,
        date: endsAt
          ? new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' }).format(endsAt)
          : '',
        weeks: SUBSCRIPTION.graceNoticeWeeks,
        link: `${ctx.config.publicUrl}/account-settings/subscriptions`,
      },
    });
  }

  /** The account's plan order the new one replaces (an upgrade) or follows (a renewal). */
  async function previousOf(userId: number, product: ProductRow, now: Date) {
    const family = familyOf(product.type);
    if (!family) return undefined;
    const orders = (await paidOrdersOf(db, userId)).filter(
      (order) =>
        family.includes(order.product.type) &&
        COUNTED.includes(order.status as OrderStatus) &&
        order.status !== 'renewed' &&
        orderCountsAt(factsOf(order), now),
    );
    return orders.at(-1);
  }

  /**
   * The workspace or group account a group or workspace plan is bought for, made by the
   * workspaces module when the order is placed: the buyer becomes its main user with an admin
   * delegation and switches in with the secure token; the plan's rules follow once it is paid.
   */
  async function createWorkspaceAccountForOrder(request: {
    buyerId: number;
    product: ProductRow;
    workspaceName: string;
  }): Promise<{ accountUserId: number; accountUser: string; secureToken: string }> {
    const made = await transaction(db, async (trx) => {
      const result = await workspaces.createIn(trx, {
        name: request.workspaceName,
        workspaceType: request.product.workspace_type === 'group' ? 'group' : 'workspace',
        ownerId: request.buyerId,
        maximumUsers: request.product.maximum_users,
      });
      await dispatchAfterCommit(trx, [result.eventId], ctx);
      return result.created;
    });
    return {
      accountUserId: made.id,
      accountUser: made.account_user,
      secureToken: made.secure_token,
    };
  }

  /** Applies a payment's status as the provider tells it (one transition however often). */
  async function applyPayment(order: OrderWithProduct, status: string, now = new Date()) {
    if (order.status !== 'pending') return;
    if (status === 'paid') {
      const account = await findAccountRow(db, order.user_id);
      const previous = order.previous_order_id
        ? await findOrder(db, order.previous_order_id)
        : undefined;
      const renewal = previous !== undefined && previous.product_id === order.product_id;
      const previousEnd = previous ? readTime(previous.ends_at) : null;
      const startsAt = renewal && previousEnd && previousEnd > now ? previousEnd : now;
      const endsAt = orderPeriodEnd(startsAt);
      await transaction(db, async (trx) => {
        const number = `M-${now.getUTCFullYear()}-${String((await countInvoices(trx)) + 1).padStart(6, '0')}`;
        const moved = await moveOrder(trx, dialect, order.id, ['pending'], 'active', {
          payment_status: 'paid',
          paid_at: now,
          starts_at: startsAt,
          ends_at: endsAt,
          invoice_number: number,
          billing: account
            ? Object.fromEntries(BILLING_FIELDS.map((field) => [field, account[field]]))
            : null,
        });
        if (!moved) return;
        if (previous && renewal) {
          await moveOrder(trx, dialect, previous.id, ['active', 'expiring', 'expired'], 'renewed');
          await notify(trx, order.user_id, 'subscription_renewed', order);
        } else if (previous) {
          // an upgrade: the old plan ends now, its unused part was credited on this order
          await moveOrder(
            trx,
            dialect,
            previous.id,
            ['active', 'expiring', 'expired'],
            'cancelled',
            {
              ends_at: now,
            },
          );
        }
        await scheduleLifecycle({ id: order.id, ends_at: endsAt }, trx);
        await refreshAccount(order.user_id, now, trx);
      });
      if (previous && renewal) await mail(order.user_id, 'subscription_renewed', order);
      return;
    }
    if (status === 'failed' || status === 'canceled' || status === 'expired') {
      await moveOrder(db, dialect, order.id, ['pending'], 'failed', { payment_status: status });
    }
  }

  /** A plan by id or by its code (the operator's handle). */
  async function productByReference(reference: string): Promise<ProductRow | undefined> {
    return /^\d{1,9}$/.test(reference)
      ? findProduct(db, Number(reference))
      : findProductByCode(db, reference.trim().toLowerCase());
  }

  return {
    entitlementsAt,
    refreshAccount,
    createWorkspaceAccountForOrder,
    productByReference,

    products: (filter: { type?: string; workspace_type?: string } = {}) => listProducts(db, filter),

    product: (id: number) => findProduct(db, id),

    /** products:set-price: the yearly net price in euro cents; orders already made keep theirs. */
    async setPrice(reference: string, cents: number): Promise<ProductRow | undefined> {
      const product = await productByReference(reference);
      if (!product) return undefined;
      await updateProduct(db, dialect, product.id, { price_cents: cents });
      return findProduct(db, product.id);
    },

    /** products:disable: withdrawn from sale; those who bought it keep it to the end. */
    async setDisabled(reference: string, disabled: boolean): Promise<ProductRow | undefined> {
      const product = await productByReference(reference);
      if (!product) return undefined;
      await updateProduct(db, dialect, product.id, { disabled });
      return findProduct(db, product.id);
    },

    async loadAccount(userId: number): Promise<AccountRow> {
      const account = await findAccountRow(db, userId);
      if (!account) throw notFound();
      return account;
    },

    /** POST /api/order/mollie: the order and its payment; answers where to pay. */
    async createOrder(auth: AuthContext, body: OrderCreate) {
      const productId = Number(
        /^\/api\/product\/(\d{1,9})$|^(\d{1,9})$/.exec(body.product)?.slice(1).find(Boolean),
      );
      const product = productId ? await findProduct(db, productId) : undefined;
      if (!product) throw violation('product', 'product.notFound');
      const account = await this.loadAccount(auth.userId);
      const now = new Date();
      const entitlements = await entitlementsAt(auth.userId, now);
      if (isDisabledFor(product, account, entitlements)) {
        throw violation('product', 'product.disabled');
      }
      const redirect = new URL(body.payment_success_redirect_url);
      if (redirect.origin !== new URL(ctx.config.publicUrl).origin) {
        throw violation('payment_success_redirect_url', 'validation.url');
      }
      const newWorkspace =
        (product.type === 'workspace' || product.type === 'user_defined') &&
        account.user_type !== 'workspace';
      let workspace: Awaited<ReturnType<typeof createWorkspaceAccountForOrder>> | undefined;
      if (newWorkspace) {
        if (!body.workspace_name) throw violation('workspace_name', 'validation.required');
        // who pays fills in the billing fields on their own profile
        billingOf(await this.loadAccount(auth.rootUserId ?? auth.userId));
        workspace = await createWorkspaceAccountForOrder({
          buyerId: auth.rootUserId ?? auth.userId,
          product,
          workspaceName: body.workspace_name,
        });
      } else {
        billingOf(account);
      }
      // the order belongs to the account the plan is for: the new workspace, or the caller's
      const accountId = workspace?.accountUserId ?? auth.userId;
      const previous = workspace ? undefined : await previousOf(auth.userId, product, now);
      const renewal = previous?.product_id === product.id;
      const previousStart = previous ? readTime(previous.starts_at) : null;
      const previousEnd = previous ? readTime(previous.ends_at) : null;
      const credit =
        previous && !renewal && previousStart && previousEnd
          ? unusedCreditCents(previous.price_cents, previousStart, previousEnd, now)
          : 0;
      const amount = Math.max(product.price_cents - credit, 0);
      if (amount <= 0) throw violation('product', 'product.disabled');
      const orderId = await insertOrder(db, dialect, {
        user_id: accountId,
        buyer_id: auth.rootUserId ?? auth.userId,
        product_id: product.id,
        status: 'pending',
        provider: payments.provider.name,
        idempotency_key: randomUUID(),
        price_cents: amount,
        credit_cents: credit,
        previous_order_id: previous?.id ?? null,
        workspace_name: workspace ? (body.workspace_name ?? null) : null,
        redirect_url: body.payment_success_redirect_url,
      });
      const order = (await findOrder(db, orderId)) as OrderWithProduct;
      redirect.searchParams.set('order', String(orderId));
      try {
        const payment = await payments.provider.create({
          amountCents: amount,
          description: `Memoria ${product.name} (order ${orderId})`,
          redirectUrl: redirect.toString(),
          webhookUrl: `${ctx.config.publicUrl}${PAYMENT_WEBHOOK_PATH}`,
          idempotencyKey: order.idempotency_key,
          locale: account.locale,
        });
        await setOrderPayment(db, dialect, orderId, {
          payment_id: payment.id,
          payment_status: payment.status,
          checkout_url: payment.checkoutUrl,
        });
        if (payments.local && payment.status === 'open') {
          await ctx.jobs.enqueue(
            SUBSCRIPTION_JOBS.localPaymentExpire,
            { paymentId: payment.id },
            {
              runAt: new Date(Date.now() + SUBSCRIPTION.localPaymentExpiryMinutes * 60_000),
              uniqueKey: `${SUBSCRIPTION_JOBS.localPaymentExpire}:${payment.id}`,
            },
          );
        }
        if (!payment.checkoutUrl) {
          await moveOrder(db, dialect, orderId, ['pending'], 'failed');
          throw new ApiError(502, 'order.noPaymentUrl');
        }
        return {
          id: orderId,
          name: product.name,
          payment_checkout_url: payment.checkoutUrl,
          order: iri('order', orderId),
          ...(workspace
            ? { account_user: workspace.accountUser, secure_token: workspace.secureToken }
            : {}),
        };
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        await moveOrder(db, dialect, orderId, ['pending'], 'failed');
        throw new ApiError(503, 'payment.unavailable');
      }
    },

    /**
     * A provider reported a change of `paymentId`: its status is read back from the provider
     * and only that is acted on (a forged or repeated report changes nothing more).
     */
    async syncPayment(paymentId: string): Promise<void> {
      const order = await findOrderByPayment(db, paymentId);
      if (!order || order.status !== 'pending') return;
      const payment = await payments.provider.get(paymentId);
      if (!payment || payment.id !== paymentId) return;
      if (payment.status !== order.payment_status && !isFinalPaymentStatus(payment.status)) {
        await setOrderPayment(db, dialect, order.id, {
          payment_id: paymentId,
          payment_status: payment.status,
          checkout_url: payment.checkoutUrl,
        });
        return;
      }
      await applyPayment(order, payment.status);
    },

    /** Job: an open payment of the built-in provider expired; its order fails as on a report. */
    async expireLocalPayment(paymentId: string): Promise<void> {
      if (!payments.local) return;
      if (await payments.local.expire(paymentId)) await this.syncPayment(paymentId);
    },

    /** The latest paid orders of an account, for its profile (`orders`). */
    async profileOrders(userId: number) {
      return recentPaidOrdersOf(db, userId, SUBSCRIPTION.profileOrdersMax);
    },

    async listOrders(auth: AuthContext, paging: { limit: number; offset: number }) {
      return pageOrdersOf(db, auth.userId, paging);
    },

    /**
     * One order of the account; anyone else's answers as unknown. With `buyerToo`, also an
     * order the person signed in bought for another account (a new group or workspace: its
     * payment window returns to the buyer's own session).
     */
    async order(auth: AuthContext, id: number, buyerToo = false): Promise<OrderWithProduct> {
      const order = await findOrder(db, id);
      const buyer = buyerToo && order?.buyer_id === (auth.rootUserId ?? auth.userId);
      if (!order || (order.user_id !== auth.userId && !buyer)) throw notFound('order.notFound');
      return order;
    },

    /** The return page's check: asks the provider first, so it does not wait for the webhook. */
    async orderAfterPayment(auth: AuthContext, id: number): Promise<OrderWithProduct> {
      const order = await this.order(auth, id, true);
      if (order.payment_id && order.status === 'pending') {
        try {
          await this.syncPayment(order.payment_id);
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
        }
      }
      return this.order(auth, id, true);
    },

    /** The customer ends a plan: it stays until the end of its paid year, without grace. */
    async cancel(auth: AuthContext, id: number): Promise<OrderWithProduct> {
      const order = await this.order(auth, id);
      const moved = await transaction(db, async (trx) => {
        const done = await moveOrder(trx, dialect, id, ['active', 'expiring'], 'cancelled');
        if (done) {
          await notify(trx, order.user_id, 'subscription_cancelled', order);
          await refreshAccount(order.user_id, new Date(), trx);
          const end = readTime(order.ends_at);
          if (end) {
            await ctx.jobs.enqueue(
              SUBSCRIPTION_JOBS.switchOff,
              { orderId: id },
              { runAt: end, uniqueKey: `${SUBSCRIPTION_JOBS.switchOff}:${id}`, db: trx },
            );
          }
        }
        return done;
      });
      if (!moved) throw new ApiError(409, 'order.notCancellable');
      await mail(order.user_id, 'subscription_cancelled', order);
      return this.order(auth, id);
    },

    /** Job: 30 days before the year ends. */
    async markExpiring(orderId: number): Promise<void> {
      const order = await findOrder(db, orderId);
      if (!order) return;
      const moved = await transaction(db, async (trx) => {
        const done = await moveOrder(trx, dialect, orderId, ['active'], 'expiring');
        if (done) await notify(trx, order.user_id, 'subscription_expiring', order);
        return done;
      });
      if (moved) await mail(order.user_id, 'subscription_expiring', order);
    },

    /** Job: the year ended; the rules stay through the grace (switch-off job). */
    async expire(orderId: number, now = new Date()): Promise<void> {
      const order = await findOrder(db, orderId);
      if (!order) return;
      const moved = await transaction(db, async (trx) => {
        const done = await moveOrder(trx, dialect, orderId, ['active', 'expiring'], 'expired');
        if (done) {
          await notify(trx, order.user_id, 'subscription_expired', order);
          await refreshAccount(order.user_id, now, trx);
        }
        return done;
      });
      if (moved) await mail(order.user_id, 'subscription_expired', order);
    },

    /** Job: 7 days after the year ended the plan's rules go off; no data is touched. */
    async switchOff(orderId: number, now = new Date()): Promise<void> {
      const order = await findOrder(db, orderId);
      const end = order ? readTime(order.ends_at) : null;
      if (!order || !end) return;
      // run early (a test driving the queue's clock), it acts as of the moment it was due for
      const grace =
        order.status === 'cancelled' ? 0 : SUBSCRIPTION.disabledAfterExpiryDays * DAY_MS;
      const due = new Date(Math.max(now.getTime(), end.getTime() + grace));
      await refreshAccount(order.user_id, due);
    },

    /**
     * `users:grant-plan`: an order of the plan written as a paid one would be (no payment);
     * `free` ends the account's plan orders now.
     */
    async grantPlan(userId: number, plan: PlanName, now = new Date()): Promise<UserRules> {
      // the command line runs each command in a transaction of its own, so this writes in it
      const trx = db;
      {
        const current = (await paidOrdersOf(trx, userId)).filter(
          (order) => PLAN_TYPES.includes(order.product.type) && orderCountsAt(factsOf(order), now),
        );
        for (const order of current) {
          await moveOrder(
            trx,
            dialect,
            order.id,
            ['active', 'expiring', 'expired', 'renewed'],
            'cancelled',
            { ends_at: now },
          );
        }
        if (plan !== 'free') {
          const product = await findProductByCode(trx, plan);
          if (!product) throw notFound('product.notFound');
          const endsAt = orderPeriodEnd(now);
          const id = await insertOrder(trx, dialect, {
            user_id: userId,
            buyer_id: null,
            product_id: product.id,
            status: 'pending',
            provider: 'operator',
            idempotency_key: randomUUID(),
            price_cents: 0,
            credit_cents: 0,
            previous_order_id: null,
            workspace_name: null,
            redirect_url: null,
          });
          await moveOrder(trx, dialect, id, ['pending'], 'active', {
            paid_at: now,
            starts_at: now,
            ends_at: endsAt,
          });
          await scheduleLifecycle({ id, ends_at: endsAt }, trx);
        }
        await refreshAccount(userId, now, trx);
        return readJson<UserRules>((await findAccountRow(trx, userId))?.rules, {});
      }
    },

    applyPayment,
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
