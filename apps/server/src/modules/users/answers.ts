import { z } from 'zod';
import {
  LOCALES,
  RULE_AREAS,
  TWO_FACTOR_METHODS,
  USER_TYPES,
  WORKSPACE_TYPES,
} from '@memoria/domain';

const text = z.string().nullable();

const flag = z.boolean().optional();

/** Area flags and plan rules; a new rule must be listed here to reach clients. */
export const rulesAnswer = z.object({
  ...Object.fromEntries(RULE_AREAS.map((area) => [area, flag])),
  has_subscription: flag,
  bronze: flag,
  silver: flag,
});

/** The User shape of @memoria/domain, as a response schema (OpenAPI, and no stray fields). */
export const userProfileAnswer = z.object({
  id: z.number(),
  name: z.string(),
  name_official: text,
  locale: z.enum(LOCALES),
  country: text,
  description: text,
  organization_name: text,
  function: text,
  location: text,
  phone_number: text,
  disclose_email: z.boolean(),
  user_has_public_profile: z.boolean(),
  public_profile_enabled: z.boolean(),
  enable_direct_messages: z.boolean(),
  two_factor_authentication: z.boolean(),
  two_factor_confirmed: z.boolean(),
  two_factor_method: z.enum(TWO_FACTOR_METHODS).nullable(),
  custom_colour: text,
  custom_logo: text,
  delegate_notifications: z.boolean(),
  memo_copy_allowed: z.boolean(),
  memo_comments_allowed: z.boolean(),
  allow_reactions: z.boolean(),
  require_identification_for_comments: z.boolean(),
  user_identified: z.boolean(),
  has_pending_identification: z.boolean(),
  user_can_create_public_collection: z.boolean(),
  billing_first_name: z.string().nullable(),
  billing_last_name: z.string().nullable(),
  billing_email: z.string().nullable(),
  billing_company_name: z.string().nullable(),
  billing_vat_number: z.string().nullable(),
  billing_address_one: z.string().nullable(),
  billing_zipcode: z.string().nullable(),
  billing_place: z.string().nullable(),
  billing_country: z.string().nullable(),
});

export const userAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  profile_id: z.number(),
  usermail: z.string(),
  user_type: z.enum(USER_TYPES),
  workspace_type: z.enum(WORKSPACE_TYPES).nullable(),
  is_active: z.boolean(),
  user_profile: userProfileAnswer,
  user_picture: z.object({ content_url: z.string() }).nullable(),
  user_cover: z.object({ id: z.number(), content_url: z.string() }).nullable(),
  storage_usage: z.object({
    product: z.number(),
    leftover_storage: z.number(),
    order_storage: z.number(),
  }),
  user_has_professional_subscription: z.boolean(),
  user_has_extended_subscription: z.boolean(),
  user_can_create_public_collection: z.boolean(),
  webcalls_allowed: z.boolean(),
  account_delegations: z.array(z.unknown()),
  orders: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      created_at: z.string(),
      modified_at: z.string(),
      starts_at: z.string().nullable(),
      ends_at: z.string().nullable(),
      product: z.object({
        id: z.number(),
        type: z.string(),
        name: z.string(),
        price_net: z.number(),
        storage: z.number(),
        workspace_type: z.string().nullable(),
        maximum_users: z.number().nullable(),
      }),
    }),
  ),
  rules: rulesAnswer,
  has_lock_code: z.boolean(),
  created_at: z.string(),
  permissions: z
    .object({
      root_workspace: z.boolean(),
      workspace: z.boolean(),
      group: z.boolean(),
      main: z.boolean(),
      delegated: z.boolean(),
      web_meetings: z.boolean(),
      list_workspaces: z.boolean(),
      manage_delegation: z.boolean(),
      create_group_or_workspace: z.boolean(),
    })
    .describe('the account-kind rules (packages/domain permissions.ts) the menus follow'),
  root_user: z
    .object({ id: z.number(), '@id': z.string(), name: z.string() })
    .nullable()
    .optional()
    .describe('the person acting for this account through a delegation, else null'),
});
