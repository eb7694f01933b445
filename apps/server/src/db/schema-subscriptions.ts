import type { ColumnType, Generated } from 'kysely';
import type { DbBool, DbJson, DbTime } from './schema.js';

/** Plans and orders (docs/notes/subscriptions.md): tables of migration 0026. */

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  type: string;
  name: string;
  price_cents: number;
  storage_gb: ColumnType<number, number | undefined, number>;
  features: DbJson;
  workspace_type: Nullable<string>;
  maximum_users: Nullable<number>;
  disabled: DbBool;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  buyer_id: Nullable<number>;
  product_id: number;
  status: string;
  provider: string;
  payment_id: Nullable<string>;
  payment_status: Nullable<string>;
  checkout_url: Nullable<string>;
  redirect_url: Nullable<string>;
  idempotency_key: string;
  price_cents: number;
  credit_cents: ColumnType<number, number | undefined, number>;
  previous_order_id: Nullable<number>;
  workspace_name: Nullable<string>;
  billing: ColumnType<unknown, string | null | undefined, string | null>;
  invoice_number: Nullable<string>;
  paid_at: Nullable<Date | string>;
  starts_at: Nullable<Date | string>;
  ends_at: Nullable<Date | string>;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface LocalPaymentsTable {
  id: string;
  status: string;
  amount_cents: number;
  description: string;
  redirect_url: string;
  idempotency_key: string;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface SubscriptionTables {
  products: ProductsTable;
  orders: OrdersTable;
  local_payments: LocalPaymentsTable;
}
