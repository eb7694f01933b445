import {
  type Entitlements,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type Product,
  type ProductType,
  type WorkspaceType,
} from '@memoria/domain';
import { isoTime, readJson } from '../../db/dialect.js';
import { isDisabledFor, type AccountRow } from './service.js';
import type { OrderWithProduct, ProductRow } from './store.js';

const euro = (cents: number) => cents / 100;

export function presentProduct(
  row: ProductRow,
  account: Pick<AccountRow, 'user_type'>,
  entitlements: Entitlements,
): Product {
  return {
    id: row.id,
    type: row.type as ProductType,
    name: row.name,
    price_net: euro(row.price_cents),
    storage: row.storage_gb,
    features: readJson<string[]>(row.features, []),
    workspace_type: row.workspace_type as WorkspaceType | null,
    maximum_users: row.maximum_users,
    is_disabled_for_user: isDisabledFor(row, account, entitlements),
  };
}

export function presentOrder(row: OrderWithProduct): Order {
  return {
    id: row.id,
    status: row.status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus | null,
    created_at: isoTime(row.created_at) ?? '',
    modified_at: isoTime(row.updated_at) ?? '',
    starts_at: isoTime(row.starts_at),
    ends_at: isoTime(row.ends_at),
    price_net: euro(row.price_cents),
    credit: euro(row.credit_cents),
    product: {
      id: row.product.id,
      type: row.product.type as ProductType,
      name: row.product.name,
      price_net: euro(row.product.price_cents),
      storage: row.product.storage_gb,
      workspace_type: row.product.workspace_type as WorkspaceType | null,
      maximum_users: row.product.maximum_users,
    },
    invoice_url: row.invoice_number ? `/api/order/${row.id}/invoice` : null,
  };
}
