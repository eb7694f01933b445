import {
  PUBLIC_PROFILE_TEXT_FIELDS,
  LIMITS,
  PHONE_PATTERN,
  isDomainUrl,
  isEmail,
  isHexColour,
  isLinkedinUrl,
  isSlug,
  type PublicProfilePatch,
  type PublicProfileSettings,
} from '@memoria/domain';
import type { TFunction } from '../../i18n';

/** The settings form's values: text fields as strings ('' = not set), flags as booleans. */
export function formValues(s: PublicProfileSettings) {
  return {
    public_profile_enabled: s.user_has_public_profile ? s.public_profile_enabled : true,
    slug: s.slug ?? '',
    phone: s.phone ?? '',
    usermail: s.usermail ?? '',
    address: s.address ?? '',
    website: s.website ?? '',
    linkedin: s.linkedin ?? '',
    description: s.description ?? '',
    accent_color: s.accent_color ?? '',
    cta_button_title: s.cta_button_title ?? '',
    cta_button_url: s.cta_button_url ?? '',
    cta_button_color: s.cta_button_color ?? '',
    cta_button_font_color: s.cta_button_font_color ?? '',
    require_product: s.connections_require_product_id !== null,
    connection_message_required: s.connection_message_required,
    connection_message_hint: s.connection_message_hint ?? '',
    disclose_email: s.disclose_email,
    enable_direct_messages: s.enable_direct_messages,
    memo_copy_allowed: s.memo_copy_allowed,
    memo_comments_allowed: s.memo_comments_allowed,
    allow_reactions: s.allow_reactions,
    require_identification_for_comments: s.require_identification_for_comments,
  };
}
export type SettingsValues = ReturnType<typeof formValues>;

/** The text inputs of the form: the stored text fields and the connection message hint. */
export const TEXT_FIELDS = [...PUBLIC_PROFILE_TEXT_FIELDS, 'connection_message_hint'] as const;

/** The patch a save sends: every field, emptied ones as null (the server clears them). */
export function patchOf(
  values: SettingsValues,
  current: PublicProfileSettings,
): PublicProfilePatch {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field].trim()]),
  );
  const { require_product: requireProduct, ...rest } = values;
  return {
    ...rest,
    ...text,
    // any product id asks for a subscription (docs/RULES.md, Plan gates); an existing one is kept
    connections_require_product_id: requireProduct
      ? (current.connections_require_product_id ?? 'subscription')
      : null,
  };
}

/** The same validators the server applies (packages/domain), for messages before sending. */
export function validators(t: TFunction) {
  const colour = (value: string) =>
    value.trim() === '' || isHexColour(value.trim()) ? null : t('validation.colour');
  const url = (value: string) =>
    isDomainUrl(value.trim()) ? null : t('publicProfile.validation.url');
  return {
    slug: (value: string) =>
      value.trim() === '' || isSlug(value.trim()) ? null : t('publicProfile.slugInvalid'),
    phone: (value: string) =>
      value.trim() === '' || PHONE_PATTERN.test(value.trim())
        ? null
        : t('publicProfile.validation.phone'),
    usermail: (value: string) => (isEmail(value.trim()) ? null : t('validation.email')),
    website: url,
    cta_button_url: url,
    linkedin: (value: string) =>
      isLinkedinUrl(value.trim()) ? null : t('publicProfile.validation.linkedin'),
    accent_color: colour,
    cta_button_color: colour,
    cta_button_font_color: colour,
    cta_button_title: (value: string) =>
      value.trim().length <= LIMITS.customButtonTitleMax
        ? null
        : t('publicProfile.validation.buttonTitle', { max: LIMITS.customButtonTitleMax }),
  };
}
