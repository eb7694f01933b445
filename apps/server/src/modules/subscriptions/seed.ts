import type { ProductSeed } from './store.js';

/**
 * The plans on sale at first start (docs/notes/subscriptions.md). Prices are
 * yearly, in euro cents, without VAT; an operator changes them with `memoria-admin
 * products:set-price` and withdraws one with `products:disable`.
 */
export const DEFAULT_PRODUCTS: readonly ProductSeed[] = [
  {
    code: 'free',
    type: 'personal',
    name: 'Free',
    price_cents: 0,
    storage_gb: 1,
    features: ['public_collections_3', 'audiences_without_followers'],
    workspace_type: null,
    maximum_users: null,
  },
  {
    code: 'bronze',
    type: 'personal',
    name: 'Bronze',
    price_cents: 4900,
    storage_gb: 10,
    features: ['followers_audience', 'collaboration', 'public_collections_3'],
    workspace_type: null,
    maximum_users: null,
  },
  {
    code: 'silver',
    type: 'professional',
    name: 'Silver',
    price_cents: 9900,
    storage_gb: 100,
    features: ['followers_audience', 'collaboration', 'public_collections_unlimited', 'scheduling'],
    workspace_type: null,
    maximum_users: null,
  },
  {
    code: 'storage',
    type: 'storage',
    name: 'Extra storage',
    price_cents: 2500,
    storage_gb: 50,
    features: ['storage_50'],
    workspace_type: null,
    maximum_users: null,
  },
  {
    code: 'group',
    type: 'workspace',
    name: 'Group',
    price_cents: 14900,
    storage_gb: 100,
    features: ['workspace_account', 'document_versioning'],
    workspace_type: 'group',
    maximum_users: 25,
  },
  {
    code: 'workspace',
    type: 'workspace',
    name: 'Workspace',
    price_cents: 29900,
    storage_gb: 250,
    features: ['workspace_account', 'document_versioning'],
    workspace_type: 'workspace',
    maximum_users: 100,
  },
];

/** The free plan is listed for comparison and never bought. */
export const FREE_PRODUCT_CODE = 'free';
