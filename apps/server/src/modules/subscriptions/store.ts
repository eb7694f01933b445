import type { Kysely, Selectable } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { OrdersTable, ProductsTable } from '../../db/schema-subscriptions.js';
import { queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderWithProduct = OrderRow & { product: ProductRow };

export interface ProductSeed {
  code: string;
  type: string;
  name: string;
  price_cents: number;
  storage_gb: number;
  features: string[];
  workspace_type: string | null;
  maximum_users: number | null;
}

/** Writes the plans missing by code; an operator's changes to existing ones stay. */
export async function insertMissingProducts(
  db: Db,
  d: DialectHelpers,
  seeds: readonly ProductSeed[],
): Promise<void> {
  const now = d.time(new Date());
  for (const seed of seeds) {
    await db
      .insertInto('products')
      .values({
        ...seed,
        features: d.json(seed.features),
        disabled: d.bool(false),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

export function listProducts(
  db: Db,
  filter: { type?: string; workspace_type?: string; includeDisabled?: boolean } = {},
) {
  let query = db.selectFrom('products').selectAll().orderBy('type').orderBy('price_cents');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.workspace_type) query = query.where('workspace_type', '=', filter.workspace_type);
  return query.execute();
}

export function findProduct(db: Db, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProductByCode(db: Db, code: string) {
  return db.selectFrom('products').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function updateProduct(
  db: Db,
  d: DialectHelpers,
  id: number,
  changes: { price_cents?: number; disabled?: boolean },
): Promise<void> {
  await db
    .updateTable('products')
    .set({
      ...(changes.price_cents !== undefined ? { price_cents: changes.price_cents } : {}),
      ...(changes.disabled !== undefined ? { disabled: d.bool(changes.disabled) } : {}),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

const orderColumns = [
  'orders.id',
  'orders.user_id',
  'orders.buyer_id',
  'orders.product_id',
  'orders.status',
  'orders.provider',
  'orders.payment_id',
  'orders.payment_status',
  'orders.checkout_url',
  'orders.redirect_url',
  'orders.idempotency_key',
  'orders.price_cents',
  'orders.credit_cents',
  'orders.previous_order_id',
  'orders.workspace_name',
  'orders.billing',
  'orders.invoice_number',
  'orders.paid_at',
  'orders.starts_at',
  'orders.ends_at',
  'orders.created_at',
  'orders.updated_at',
] as const;

async function withProducts(db: Db, orders: OrderRow[]): Promise<OrderWithProduct[]> {
  if (orders.length === 0) return [];
  const ids = [...new Set(orders.map((order) => order.product_id))];
  const products = await db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(products.map((product) => [product.id, product]));
  return orders.map((order) => ({ ...order, product: byId.get(order.product_id) as ProductRow }));
}

/** Every order of the account that was ever paid (what its plan is derived from). */
export async function paidOrdersOf(db: Db, userId: number): Promise<OrderWithProduct[]> {
  const rows = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .orderBy('id')
    .execute();
  return withProducts(db, rows);
}

/**
 * The account's latest paid orders, newest first, at most `limit` (the profile's `orders`; the
 * full list is GET /api/order, paged).
 */
export async function recentPaidOrdersOf(
  db: Db,
  userId: number,
  limit: number,
): Promise<OrderWithProduct[]> {
  // built once (db/query-cache.ts): GET /api/profile asks on every first screen
  const rows = await queryCacheOf(db).rows(
    'recent-paid-orders',
    [userId, limit],
    (slots) =>
      db
        .selectFrom('orders')
        .select(orderColumns)
        .where('user_id', '=', slots[0] as number)
        .where('paid_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(slots[1] as number),
    { prepared: true },
  );
  return withProducts(db, rows);
}

export async function pageOrdersOf(
  db: Db,
  userId: number,
  paging: { limit: number; offset: number },
): Promise<{ items: OrderWithProduct[]; total: number }> {
  const rows = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const count = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { items: await withProducts(db, rows), total: Number(count?.count ?? 0) };
}

export async function findOrder(db: Db, id: number): Promise<OrderWithProduct | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withProducts(db, [row]))[0] : undefined;
}

export async function findOrderByPayment(
  db: Db,
  paymentId: string,
): Promise<OrderWithProduct | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row ? (await withProducts(db, [row]))[0] : undefined;
}

export async function insertOrder(
  db: Db,
  d: DialectHelpers,
  values: {
    user_id: number;
    buyer_id: number | null;
    product_id: number;
    status: string;
    provider: string;
    idempotency_key: string;
    price_cents: number;
    credit_cents: number;
    previous_order_id: number | null;
    workspace_name: string | null;
    redirect_url: string | null;
  },
): Promise<number> {
  const now = d.time(new Date());
  const row = await db
    .insertInto('orders')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setOrderPayment(
  db: Db,
  d: DialectHelpers,
  id: number,
  payment: { payment_id: string; payment_status: string; checkout_url: string | null },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...payment, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves an order from one of `from` to `to`, with `changes`; answers whether it moved. The
 * condition on the current status makes repeated reports of one payment move it once.
 */
export async function moveOrder(
  db: Db,
  d: DialectHelpers,
  id: number,
  from: readonly string[],
  to: string,
  changes: {
    payment_status?: string;
    paid_at?: Date;
    starts_at?: Date;
    ends_at?: Date;
    invoice_number?: string;
    billing?: unknown;
  } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: to,
      ...(changes.payment_status !== undefined ? { payment_status: changes.payment_status } : {}),
      ...(changes.paid_at ? { paid_at: d.time(changes.paid_at) } : {}),
      ...(changes.starts_at ? { starts_at: d.time(changes.starts_at) } : {}),
      ...(changes.ends_at ? { ends_at: d.time(changes.ends_at) } : {}),
      ...(changes.invoice_number ? { invoice_number: changes.invoice_number } : {}),
      ...(changes.billing !== undefined ? { billing: d.json(changes.billing) } : {}),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countInvoices(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.count('invoice_number').as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The account's plan as its orders decide it, kept on its row for every gate to read. */
export async function writeAccountPlan(
  db: Db,
  d: DialectHelpers,
  userId: number,
  values: { plan: string; rules: unknown; storage_order_bytes?: number },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      plan: values.plan,
      rules: d.json(values.rules),
      ...(values.storage_order_bytes !== undefined
        ? { storage_order_bytes: values.storage_order_bytes }
        : {}),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', userId)
    .execute();
}

export function findAccountRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.usermail',
      'users.user_type',
      'users.workspace_type',
      'users.plan',
      'users.rules',
      'user_profiles.name',
      'user_profiles.locale',
      'user_profiles.billing_first_name',
      'user_profiles.billing_last_name',
      'user_profiles.billing_email',
      'user_profiles.billing_company_name',
      'user_profiles.billing_vat_number',
      'user_profiles.billing_address_one',
      'user_profiles.billing_zipcode',
      'user_profiles.billing_place',
      'user_profiles.billing_country',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
