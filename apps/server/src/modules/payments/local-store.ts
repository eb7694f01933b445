import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAYMENT_STATUSES, type PaymentStatus } from '@memoria/domain';
import type { DialectHelpers } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';

type Db = Kysely<DatabaseSchema>;

export const LOCAL_CHECKOUT_PATH = '/api/payment/local';

/** What the built-in checkout page's buttons do to an open payment. */
export const LOCAL_OUTCOMES = { pay: 'paid', fail: 'failed', cancel: 'canceled' } as const;
export type LocalOutcome = keyof typeof LOCAL_OUTCOMES;

interface LocalRow {
  id: string;
  status: string;
  amount_cents: number;
  description: string;
  redirect_url: string;
}

function statusOf(value: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value)
    ? (value as PaymentStatus)
    : 'open';
}

/**
 * The built-in provider (PAYMENT_PROVIDER=local, the default): no account anywhere, the
 * checkout is a page of this server with pay, fail and cancel buttons, so buying can be tried
 * on a fresh install. It is a real provider to the rest of the code: payments are rows, and
 * their status is read back from them.
 */
export function createLocalProvider(
  db: Db,
  dialect: DialectHelpers,
  publicUrl: string,
): PaymentProvider & {
  find(id: string): Promise<LocalRow | undefined>;
  settle(id: string, outcome: LocalOutcome): Promise<LocalRow | undefined>;
  expire(id: string): Promise<boolean>;
} {
  const present = (row: LocalRow): ProviderPayment => {
    const status = statusOf(row.status);
    return {
      id: row.id,
      status,
      checkoutUrl: status === 'open' ? `${publicUrl}${LOCAL_CHECKOUT_PATH}/${row.id}` : null,
      amountCents: row.amount_cents,
    };
  };
  const find = (id: string) =>
    db
      .selectFrom('local_payments')
      .select(['id', 'status', 'amount_cents', 'description', 'redirect_url'])
      .where('id', '=', id)
      .executeTakeFirst();
  return {
    name: 'local',
    find,
    async create(request) {
      const now = dialect.time(new Date());
      const id = `lp_${randomBytes(10).toString('hex')}`;
      await db
        .insertInto('local_payments')
        .values({
          id,
          status: 'open',
          amount_cents: request.amountCents,
          description: request.description.slice(0, 200),
          redirect_url: request.redirectUrl,
          idempotency_key: request.idempotencyKey,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('local_payments')
        .select(['id', 'status', 'amount_cents', 'description', 'redirect_url'])
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      return present(row);
    },
    async get(paymentId) {
      const row = await find(paymentId);
      return row ? present(row) : undefined;
    },
    /** Only an open payment changes; pressing again (or another button) changes nothing. */
    async settle(id, outcome) {
      await db
        .updateTable('local_payments')
        .set({ status: LOCAL_OUTCOMES[outcome], updated_at: dialect.time(new Date()) })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return find(id);
    },
    /** An unpaid payment's time ran out: open → expired (a settled one stays as it is). */
    async expire(id) {
      const result = await db
        .updateTable('local_payments')
        .set({ status: 'expired', updated_at: dialect.time(new Date()) })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
