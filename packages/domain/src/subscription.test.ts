import { describe, expect, it } from 'vitest';
import {
  entitlementsOf,
  productForGate,
  type OrderFacts,
  type ProductType,
} from './subscription.js';

const NOW = new Date('2026-06-01T00:00:00Z');

function order(type: string, extra: Partial<OrderFacts['product']> = {}): OrderFacts {
  return {
    status: 'active',
    starts_at: new Date('2026-01-01T00:00:00Z'),
    ends_at: new Date('2027-01-01T00:00:00Z'),
    product: { type, storage: 0, maximum_users: null, ...extra },
  } as OrderFacts;
}

describe('what paid orders give an account', () => {
  it.each([
    [
      'nothing',
      [],
      {
        plan: 'free',
        has_subscription: false,
        bronze: false,
        silver: false,
        document_versioning: false,
      },
    ],
    [
      'a personal plan',
      [order('personal')],
      { plan: 'bronze', has_subscription: true, bronze: true, document_versioning: false },
    ],
    [
      'a professional plan over a personal one',
      [order('personal'), order('professional')],
      {
        plan: 'silver',
        has_subscription: true,
        bronze: false,
        silver: true,
        document_versioning: false,
      },
    ],
    [
      'a workspace plan',
      [order('workspace', { maximum_users: 25 })],
      {
        plan: 'free',
        has_subscription: true,
        silver: false,
        maximum_users: 25,
        document_versioning: true,
      },
    ],
    [
      'a group plan',
      [order('user_defined', { maximum_users: 10 })],
      { has_subscription: true, maximum_users: 10, document_versioning: true },
    ],
    [
      'a workspace plan past its grace',
      [
        {
          ...order('workspace', { maximum_users: 25 }),
          ends_at: new Date('2026-05-01T00:00:00Z'),
        },
      ],
      { has_subscription: false, maximum_users: null, document_versioning: false },
    ],
    [
      'storage alone',
      [order('storage', { storage: 10 })],
      { has_subscription: false, document_versioning: false },
    ],
  ])('%s', (_name, orders, expected) => {
    expect(entitlementsOf(orders as OrderFacts[], NOW)).toMatchObject(expected);
  });

  it('an order past its year gives nothing once it no longer counts', () => {
    const ended = { ...order('professional'), ends_at: new Date('2025-01-01T00:00:00Z') };
    expect(entitlementsOf([ended as OrderFacts], NOW).silver).toBe(false);
  });
});

describe('productForGate', () => {
  const plan = (type: ProductType, price_net: number, is_disabled_for_user = false) => ({
    type,
    price_net,
    is_disabled_for_user,
  });
  const plans = [
    plan('personal', 0, true),
    plan('personal', 49),
    plan('professional', 99),
    plan('professional', 79, true),
    plan('workspace', 149),
  ];

  it('offers the cheapest paid plan of the kind the gate needs, one the account may buy first', () => {
    expect(productForGate('collaboration', plans)).toEqual(plan('personal', 49));
    expect(productForGate('followers', plans)).toEqual(plan('personal', 49));
    expect(productForGate('versioning', plans)).toEqual(plan('personal', 49));
    expect(productForGate('scheduling', plans)).toEqual(plan('professional', 99));
    expect(productForGate('publicCollections', plans)).toEqual(plan('professional', 99));
    expect(productForGate('scheduling', [plan('professional', 79, true)])).toEqual(
      plan('professional', 79, true),
    );
    expect(productForGate('scheduling', [])).toBeUndefined();
  });
});
