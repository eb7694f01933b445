import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Issue 23 (docs/notes/subscriptions.md): the plans on sale, the orders that buy them and the
 * billing fields on the profile. The plans themselves are written at start (subscriptions/seed.ts)
 * so an operator's price changes survive.
 */
export const BILLING_COLUMNS = [
  ['billing_first_name', 'varchar(100)'],
  ['billing_last_name', 'varchar(100)'],
  ['billing_email', 'varchar(254)'],
  ['billing_company_name', 'varchar(200)'],
  ['billing_vat_number', 'varchar(30)'],
  ['billing_address_one', 'varchar(200)'],
  ['billing_zipcode', 'varchar(20)'],
  ['billing_place', 'varchar(100)'],
  ['billing_country', 'varchar(2)'],
] as const;

export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time, bool, no, json } = migrationTypes(dialect);
  await withId(db.schema.createTable('products'), dialect)
    // the operator's handle (products:set-price bronze 49)
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('storage_gb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('features', json, (c) => c.notNull())
    .addColumn('workspace_type', 'varchar(20)')
    .addColumn('maximum_users', 'integer')
    .addColumn('disabled', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('orders'), dialect)
    // the account the plan is for
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the person signed in when it was bought (a delegate may buy for the account)
    .addColumn('buyer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(100)', (c) => c.unique())
    .addColumn('payment_status', 'varchar(20)')
    .addColumn('checkout_url', 'varchar(2000)')
    .addColumn('redirect_url', 'varchar(2000)')
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    // the order an upgrade or a renewal follows
    .addColumn('previous_order_id', 'integer', (c) =>
      c.references('orders.id').onDelete('set null'),
    )
    .addColumn('workspace_name', 'varchar(100)')
    // the billing fields as they were when it was paid (the invoice prints these)
    .addColumn('billing', json)
    .addColumn('invoice_number', 'varchar(40)', (c) => c.unique())
    .addColumn('paid_at', time)
    .addColumn('starts_at', time)
    .addColumn('ends_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

  // the built-in provider's payments (PAYMENT_PROVIDER=local): its checkout page sets them
  await db.schema
    .createTable('local_payments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('redirect_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  for (const [name, type] of BILLING_COLUMNS) {
    await db.schema.alterTable('user_profiles').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of BILLING_COLUMNS) {
    await db.schema.alterTable('user_profiles').dropColumn(name).execute();
  }
  await dropTables(db, ['local_payments', 'orders', 'products']);
}
