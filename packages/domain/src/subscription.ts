import { z } from 'zod';
import { EMAIL_PATTERN } from './validators.js';
import type { WorkspaceType } from './user.js';

/**
 * Plans, orders and what they unlock (docs/notes/subscriptions.md). The account's plan is never
 * stored by hand: `entitlementsOf` derives it from the account's paid orders, and the server
 * keeps its copy on the user row in step with it after every order change.
 */
export const SUBSCRIPTION = {
  /** how often the web app checks the payment window */
  paymentPollMs: 100,
  /** the plan list is asked for this long after the modal opens */
  plansLoadDelayMs: 1000,
  paymentWindowWidth: 500,
  paymentWindowHeight: 500,
  /** a plan's rules stay on this long after its year ended (a payment grace) */
  disabledAfterExpiryDays: 7,
  /** the grace the expiring notice tells the customer about */
  graceNoticeWeeks: 7,
  /** the expiring notice goes out this long before the year ends */
  expiringNoticeDays: 30,
  /** an unpaid payment of the built-in provider expires this long after it was made */
  localPaymentExpiryMinutes: 15,
  /** how many of the latest paid orders the profile carries (all: GET /api/order) */
  profileOrdersMax: 20,
  /** one order buys this many months */
  periodMonths: 12,
  workspaceNameMin: 3,
  workspaceNameMax: 100,
  currency: 'EUR',
  /** storage of an account without a plan */
  freeStorageGb: 1,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const GB = 1024 ** 3;

export const PRODUCT_TYPES = [
  'personal',
  'professional',
  'storage',
  'user_defined',
  'workspace',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A plan as the API sends it. */
export interface Product {
  id: number;
  type: ProductType;
  name: string;
  /** yearly, in euro, without VAT */
  price_net: number;
  /** included storage, in GB */
  storage: number;
  features: string[];
  workspace_type: WorkspaceType | null;
  maximum_users: number | null;
  is_disabled_for_user: boolean;
}

/** A plan that makes a workspace account of its own (bought through the workspaces module). */
export function makesWorkspaceAccount(product: Pick<Product, 'type'>): boolean {
  return product.type === 'workspace' || product.type === 'user_defined';
}

/** Plans sorted as the list shows them: by type, alphabetically, then by price. */
export function sortProducts<T extends Pick<Product, 'type' | 'price_net'>>(products: T[]): T[] {
  return [...products].sort((a, b) => a.type.localeCompare(b.type) || a.price_net - b.price_net);
}

/**
 * pending: waiting for the payment. failed: the payment failed, was cancelled or expired.
 * active → expiring (30 days left) → expired (the year ended). renewed: followed by the next
 * year's order. cancelled: ended early by the customer or replaced by an upgrade.
 */
export const ORDER_STATUSES = [
  'pending',
  'failed',
  'active',
  'expiring',
  'expired',
  'renewed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment status after which nothing more happens. */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return status === 'paid' || status === 'failed' || status === 'canceled' || status === 'expired';
}

export interface OrderProductFacts {
  type: ProductType;
  /** GB */
  storage: number;
  maximum_users: number | null;
  workspace_type: WorkspaceType | null;
}

/** What `entitlementsOf` reads of an order. */
export interface OrderFacts {
  status: OrderStatus;
  /** when the paid year starts; null until paid */
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  product: OrderProductFacts;
}

export type PlanName = 'free' | 'bronze' | 'silver';

/** What the account's orders give it, at a moment. */
export interface Entitlements {
  plan: PlanName;
  has_subscription: boolean;
  bronze: boolean;
  silver: boolean;
  user_has_extended_subscription: boolean;
  user_has_professional_subscription: boolean;
  /** storage of the plan, in bytes (free storage without one) */
  plan_storage_bytes: number;
  /** storage bought as add-ons, in bytes */
  order_storage_bytes: number;
  /** members of a workspace or group plan; null without one */
  maximum_users: number | null;
  /** a group or workspace plan runs: the account's collections keep document versions */
  document_versioning: boolean;
}

const time = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

/**
 * An order gives its rules from the start of its year until 7 days after the year ended (the
 * payment grace); an order the customer cancelled stops at its end without grace.
 */
export function orderCountsAt(order: OrderFacts, now: Date): boolean {
  if (order.status === 'pending' || order.status === 'failed') return false;
  const start = time(order.starts_at);
  const end = time(order.ends_at);
  if (start === null || end === null) return false;
  const grace = order.status === 'cancelled' ? 0 : SUBSCRIPTION.disabledAfterExpiryDays * DAY_MS;
  return start <= now.getTime() && now.getTime() < end + grace;
}

/**
 * The one place that decides what an account's orders unlock (docs/notes/subscriptions.md):
 * the plan flags, the two subscription kinds, storage and the member limit.
 */
export function entitlementsOf(
  orders: readonly OrderFacts[],
  now: Date = new Date(),
): Entitlements {
  const counted = orders.filter((order) => orderCountsAt(order, now));
  const professional = counted.filter((order) => order.product.type === 'professional');
  const personal = counted.filter((order) => order.product.type === 'personal');
  const plans = professional.length > 0 ? professional : personal;
  const planStorageGb = Math.max(
    SUBSCRIPTION.freeStorageGb,
    ...plans.map((order) => order.product.storage),
  );
  const addOnGb = counted
    .filter((order) => order.product.type === 'storage')
    .reduce((sum, order) => sum + order.product.storage, 0);
  const members = counted
    .filter((order) => order.product.maximum_users !== null)
    .map((order) => order.product.maximum_users as number);
  const silver = professional.length > 0;
  const bronze = !silver && personal.length > 0;
  // a group or workspace plan is a subscription of the workspace account it was bought for;
  // that account counts as silver by being a workspace (permissions.ts), not by its plan
  const workspacePlan = counted.some(
    (order) => order.product.type === 'workspace' || order.product.type === 'user_defined',
  );
  return {
    plan: silver ? 'silver' : bronze ? 'bronze' : 'free',
    has_subscription: silver || bronze || workspacePlan,
    bronze,
    silver,
    user_has_extended_subscription: bronze,
    user_has_professional_subscription: silver,
    plan_storage_bytes: planStorageGb * GB,
    order_storage_bytes: addOnGb * GB,
    maximum_users: members.length > 0 ? Math.max(...members) : null,
    document_versioning: workspacePlan,
  };
}

/** The year an order buys, from `start`. */
export function orderPeriodEnd(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + SUBSCRIPTION.periodMonths);
  return end;
}

/**
 * What is left of a paid year at `now`, in euro cents: credited against a bigger plan bought
 * before the year ends.
 */
export function unusedCreditCents(
  paidCents: number,
  startsAt: Date,
  endsAt: Date,
  now: Date,
): number {
  const total = endsAt.getTime() - startsAt.getTime();
  const left = Math.min(Math.max(endsAt.getTime() - now.getTime(), 0), total);
  if (total <= 0) return 0;
  return Math.floor((paidCents * left) / total);
}

/** Euro cents as Mollie and invoices write them: "12.50". */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');
const optional = (max: number) =>
  z
    .string({ error: 'validation.type' })
    .trim()
    .max(max, 'validation.tooLong')
    .nullable()
    .optional();

/** The billing fields on the profile; company name and VAT number are optional. */
export const billingSchema = z.object({
  billing_first_name: required(100),
  billing_last_name: required(100),
  billing_email: required(254).regex(EMAIL_PATTERN, 'validation.email'),
  billing_company_name: optional(200),
  billing_vat_number: optional(30),
  billing_address_one: required(200),
  billing_zipcode: required(20),
  billing_place: required(100),
  billing_country: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.country'),
});
export type BillingFields = z.infer<typeof billingSchema>;

/** The billing fields as a profile patch writes them: each checked, any may be left empty. */
export const billingPatchFields = {
  billing_first_name: optional(100),
  billing_last_name: optional(100),
  billing_email: z
    .string({ error: 'validation.type' })
    .trim()
    .max(254, 'validation.tooLong')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'validation.email')
    .nullable()
    .optional(),
  billing_company_name: optional(200),
  billing_vat_number: optional(30),
  billing_address_one: optional(200),
  billing_zipcode: optional(20),
  billing_place: optional(100),
  billing_country: z
    .string({ error: 'validation.type' })
    .trim()
    .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), 'validation.country')
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
};
export const BILLING_FIELDS = Object.keys(billingSchema.shape) as (keyof BillingFields)[];

/** The name of a new workspace or group (only for those plans). */
export const workspaceNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(SUBSCRIPTION.workspaceNameMin, 'validation.tooShort')
  .max(SUBSCRIPTION.workspaceNameMax, 'validation.tooLong');

export const orderCreateSchema = z.object({
  product: z.string({ error: 'validation.required' }).max(100, 'validation.invalid'),
  payment_success_redirect_url: z
    .string({ error: 'validation.required' })
    .max(2000, 'validation.tooLong')
    .refine((value) => /^https?:\/\//.test(value), 'validation.url'),
  workspace_name: workspaceNameSchema.optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** An order as the API sends it. */
export interface Order {
  id: number;
  status: OrderStatus;
  payment_status: PaymentStatus | null;
  created_at: string;
  modified_at: string;
  starts_at: string | null;
  ends_at: string | null;
  /** paid, in euro, after any credit */
  price_net: number;
  credit: number;
  product: Omit<Product, 'is_disabled_for_user' | 'features'>;
  invoice_url: string | null;
}

/** An order as the profile carries it (User `orders`): the latest paid ones. */
export type ProfileOrder = Pick<
  Order,
  'id' | 'status' | 'created_at' | 'modified_at' | 'starts_at' | 'ends_at' | 'product'
>;

/** An order counts as modified when its modified time differs from its created time. */
export function isOrderModified(order: Pick<Order, 'created_at' | 'modified_at'>): boolean {
  return order.created_at !== order.modified_at;
}

/** The answer of POST /api/order/mollie. */
export interface OrderCreated {
  id: number;
  name: string;
  payment_checkout_url: string;
  order: string;
  /** a group or workspace plan: the new account and the token to switch into it */
  account_user?: string;
  secure_token?: string;
}

/**
 * The controls a plan unlocks, each with the kind of plan that unlocks it: the followers
 * audience, collaboration and document versioning come with any subscription (the personal
 * plan is the smallest), scheduling and more than the free number of public collections with
 * the professional one.
 */
export const PLAN_GATES = {
  collaboration: 'personal',
  followers: 'personal',
  versioning: 'personal',
  scheduling: 'professional',
  publicCollections: 'professional',
  extendedProfile: 'personal',
} as const satisfies Record<string, ProductType>;
export type PlanGate = keyof typeof PLAN_GATES;

/**
 * The plan the 'subscription required' prompt offers for `gate`: the cheapest plan on sale of
 * the kind that unlocks it (a paid one, preferably one the account may buy).
 */
export function productForGate<
  T extends Pick<Product, 'type' | 'price_net' | 'is_disabled_for_user'>,
>(gate: PlanGate, products: readonly T[]): T | undefined {
  const fitting = products
    .filter((product) => product.type === PLAN_GATES[gate] && product.price_net > 0)
    .sort(
      (a, b) =>
        Number(a.is_disabled_for_user) - Number(b.is_disabled_for_user) ||
        a.price_net - b.price_net,
    );
  return fitting[0];
}

/** A paid order that is still running or has run (what the orders list shows a state for). */
export function isOrderLive(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'pending' && order.status !== 'failed';
}
