import {
  RULE_AREAS,
  accountPermissions,
  accountRules,
  type DelegationRules,
  canCreatePublicCollection,
  hasProfessionalSubscription,
  isBronze,
  iri,
  type RootUser,
  isLocale,
  type TwoFactorMethod,
  type User,
  type UserType,
  type WorkspaceType,
} from '@memoria/domain';
import { isoTime, readBool, readCount } from '../../db/dialect.js';
import { accountFactsOf } from './account-facts.js';
import type { ProfileRow, UserRow } from './store.js';
import { planOf } from './plans.js';

/** `root` is the person acting for this account through a delegation, if any. */
export function presentUser(
  user: UserRow,
  profile: ProfileRow,
  root: RootUser | null = null,
  picture: string | null = null,
  delegated?: DelegationRules,
  rootAccount?: UserRow,
  orders: User['orders'] = [],
): User {
  const account = accountFactsOf(user);
  // the flags a client reads are those the server enforces (see docs/RULES.md, Plans);
  // acting through a delegation, an area is allowed only when the delegation allows it too
  const rules = accountRules(account);
  if (delegated) {
    for (const area of RULE_AREAS) rules[area] = rules[area] !== false && delegated[area];
  }
  const canCreatePublic = canCreatePublicCollection(rules);
  const used = readCount(user.storage_used);
  const plan = planOf(user.plan);
  const ordered = readCount(user.storage_order_bytes);
  const twoFactor = readBool(user.two_factor_enabled);
  const method = user.two_factor_method as TwoFactorMethod | null;
  return {
    id: user.id,
    '@id': iri('user', user.id),
    profile_id: profile.id,
    usermail: user.usermail,
    user_type: user.user_type as UserType,
    workspace_type: user.workspace_type as WorkspaceType | null,
    is_active: readBool(user.is_active),
    user_profile: {
      id: profile.id,
      name: profile.name,
      name_official: profile.name_official,
      locale: isLocale(profile.locale) ? profile.locale : 'en',
      country: profile.country,
      description: profile.description,
      organization_name: profile.organization_name,
      function: profile.function,
      location: profile.location,
      phone_number: profile.phone_number,
      disclose_email: readBool(profile.disclose_email),
      user_has_public_profile: readBool(profile.user_has_public_profile),
      public_profile_enabled: readBool(profile.public_profile_enabled),
      enable_direct_messages: readBool(profile.enable_direct_messages),
      two_factor_authentication: twoFactor,
      two_factor_confirmed: twoFactor,
      two_factor_method: twoFactor ? method : null,
      custom_colour: profile.custom_colour,
      custom_logo: profile.custom_logo,
      delegate_notifications: readBool(profile.delegate_notifications),
      memo_copy_allowed: readBool(profile.memo_copy_allowed),
      memo_comments_allowed: readBool(profile.memo_comments_allowed),
      allow_reactions: readBool(profile.allow_reactions),
      require_identification_for_comments: readBool(profile.require_identification_for_comments),
      user_identified: readBool(profile.user_identified),
      has_pending_identification: readBool(profile.has_pending_identification),
      user_can_create_public_collection: canCreatePublic,
      billing_first_name: profile.billing_first_name,
      billing_last_name: profile.billing_last_name,
      billing_email: profile.billing_email,
      billing_company_name: profile.billing_company_name,
      billing_vat_number: profile.billing_vat_number,
      billing_address_one: profile.billing_address_one,
      billing_zipcode: profile.billing_zipcode,
      billing_place: profile.billing_place,
      billing_country: profile.billing_country,
    },
    user_picture: picture === null ? null : { content_url: picture },
    user_cover: profile.cover_attachment_id
      ? {
          id: profile.cover_attachment_id,
          content_url: `/api/user/photo/${profile.cover_attachment_id}?variant=1200w`,
        }
      : null,
    storage_usage: {
      product: plan.storageBytes,
      leftover_storage: Math.max(0, plan.storageBytes + ordered - used),
      order_storage: ordered,
    },
    user_has_professional_subscription: hasProfessionalSubscription(account),
    user_has_extended_subscription: isBronze(account),
    user_can_create_public_collection: canCreatePublic,
    webcalls_allowed: account.webcalls_allowed === true,
    account_delegations: [],
    orders,
    rules,
    has_lock_code: user.lock_code_hash !== null,
    created_at: isoTime(user.created_at) ?? '',
    root_user: root,
    permissions: accountPermissions(
      { ...account, rules, id: user.id },
      root && rootAccount ? { ...accountFactsOf(rootAccount), id: root.id } : null,
    ),
  };
}
