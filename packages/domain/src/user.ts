import { z } from 'zod';
import { billingPatchFields, type ProfileOrder } from './subscription.js';
import type { Locale } from './locales.js';
import type { TwoFactorMethod } from './auth.js';
import { LOCALES } from './locales.js';
import { CUSTOM_COLOUR_PATTERN, PHONE_PATTERN } from './validators.js';

export const USER_TYPES = ['main', 'workspace', 'normal'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const WORKSPACE_TYPES = ['group', 'workspace'] as const;
export type WorkspaceType = (typeof WORKSPACE_TYPES)[number];

export { RULE_AREAS, ruleAllows } from './rules.js';
export type { RuleArea, UserRules } from './rules.js';
import type { UserRules } from './rules.js';
import type { RootUser } from './delegation.js';
import type { AccountPermissions } from './permissions.js';

export interface UserProfile {
  id: number;
  name: string;
  name_official: string | null;
  locale: Locale;
  country: string | null;
  description: string | null;
  organization_name: string | null;
  function: string | null;
  location: string | null;
  phone_number: string | null;
  disclose_email: boolean;
  user_has_public_profile: boolean;
  public_profile_enabled: boolean;
  enable_direct_messages: boolean;
  two_factor_authentication: boolean;
  two_factor_confirmed: boolean;
  two_factor_method: TwoFactorMethod | null;
  custom_colour: string | null;
  custom_logo: string | null;
  delegate_notifications: boolean;
  memo_copy_allowed: boolean;
  memo_comments_allowed: boolean;
  allow_reactions: boolean;
  require_identification_for_comments: boolean;
  user_identified: boolean;
  has_pending_identification: boolean;
  user_can_create_public_collection: boolean;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_email: string | null;
  billing_company_name: string | null;
  billing_vat_number: string | null;
  billing_address_one: string | null;
  billing_zipcode: string | null;
  billing_place: string | null;
  billing_country: string | null;
}

export interface StorageUsage {
  /** bytes included with the plan */
  product: number;
  /** bytes still free */
  leftover_storage: number;
  /** bytes bought as add-ons */
  order_storage: number;
}

export interface User {
  id: number;
  '@id': string;
  profile_id: number;
  usermail: string;
  user_type: UserType;
  workspace_type: WorkspaceType | null;
  is_active: boolean;
  user_profile: UserProfile;
  user_picture: { content_url: string } | null;
  /** the profile cover (a wide photo, 1200w), removed with DELETE /api/user/picture/{id} */
  user_cover: { id: number; content_url: string } | null;
  storage_usage: StorageUsage;
  user_has_professional_subscription: boolean;
  user_has_extended_subscription: boolean;
  user_can_create_public_collection: boolean;
  /** calls on the web allowed without a plan (docs/notes/calls.md) */
  webcalls_allowed: boolean;
  account_delegations: unknown[];
  /** the latest paid orders (docs/notes/subscriptions.md) */
  orders: ProfileOrder[];
  rules: UserRules;
  has_lock_code: boolean;
  created_at: string;
  /**
   * Set while a session acts for this account through a delegation: the person actually
   * signed in (docs/RULES.md, Plan gates: "delegated"). Null for one's own account.
   */
  root_user?: RootUser | null;
  /** the account-kind rules for menus (accountPermissions, computed by the server) */
  permissions: AccountPermissions;
}

const optionalText = (max: number) =>
  z.string().trim().max(max, 'validation.tooLong').nullable().optional();

/** PATCH /api/user/profile/{id}: the fields a user may change on their own profile. */
export const profilePatchSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    locale: z
      .string()
      .refine((v) => (LOCALES as readonly string[]).includes(v), 'validation.language'),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'validation.country')
      .transform((v) => v.toUpperCase())
      .nullable(),
    description: optionalText(2000),
    organization_name: optionalText(200),
    function: optionalText(200),
    location: optionalText(200),
    phone_number: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE_PATTERN.test(v), 'validation.phone')
      .nullable(),
    disclose_email: z.boolean(),
    enable_direct_messages: z.boolean(),
    custom_colour: z.string().regex(CUSTOM_COLOUR_PATTERN, 'validation.colour').nullable(),
    delegate_notifications: z.boolean(),
    memo_copy_allowed: z.boolean(),
    memo_comments_allowed: z.boolean(),
    allow_reactions: z.boolean(),
    require_identification_for_comments: z.boolean(),
    public_profile_enabled: z.boolean(),
    // the verification flow marks itself started (docs/notes/identity-verification.md)
    has_pending_identification: z.boolean(),
    // what invoices name (docs/notes/subscriptions.md); checked in full when buying
    ...billingPatchFields,
  })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
