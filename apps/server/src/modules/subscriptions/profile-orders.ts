import type { Kysely } from 'kysely';
import { SUBSCRIPTION, type ProfileOrder } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { presentOrder } from './present.js';
import { recentPaidOrdersOf } from './store.js';

/**
 * The profile's `orders` (GET /api/profile): the account's latest paid orders with their
 * status and product, newest first, at most `SUBSCRIPTION.profileOrdersMax`; the web app reads
 * them to tell a plan upgrade from a first purchase. The full list is GET /api/order.
 */
export async function profileOrdersOf(
  db: Kysely<DatabaseSchema>,
  userId: number,
): Promise<ProfileOrder[]> {
  const rows = await recentPaidOrdersOf(db, userId, SUBSCRIPTION.profileOrdersMax);
  return rows.map((row) => {
    const order = presentOrder(row);
    return {
      id: order.id,
      status: order.status,
      created_at: order.created_at,
      modified_at: order.modified_at,
      starts_at: order.starts_at,
      ends_at: order.ends_at,
      product: order.product,
    };
  });
}
