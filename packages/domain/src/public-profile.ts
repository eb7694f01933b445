import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  HEX_COLOUR_PATTERN,
  PHONE_PATTERN,
  isDomainUrl,
  isEmail,
  isLinkedinUrl,
  isSlug,
} from './validators.js';

/**
 * The public profile settings (docs/DOMAIN.md, Entities: Public profile; docs/RULES.md, Public
 * profile): what POST /api/user/profile/public and PATCH /api/user/profile/public/{id} take, and
 * what they answer. The profile flags (on/off, comments, reactions, copies, direct messages,
 * disclosed email) live on the user profile; the connection rules in the account's rules.
 */

/** Optional text: '' or null clears it; longer than `max` is 'validation.tooLong'. */
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').nullable();
const checked = (max: number, ok: (value: string) => boolean, key: string) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((v) => ok(v), key)
    .nullable();
const colour = z
  .string()
  .trim()
  .refine((v) => v === '' || HEX_COLOUR_PATTERN.test(v), 'validation.colour')
  .nullable();

export const publicProfileFields = {
  user_has_public_profile: z.boolean(),
  public_profile_enabled: z.boolean(),
  slug: z
    .string()
    .trim()
    .min(LIMITS.slugMin, 'validation.slug')
    .max(LIMITS.slugMax, 'validation.slug')
    .refine(isSlug, 'validation.slug')
    .nullable(),
  phone: checked(20, (v) => v === '' || PHONE_PATTERN.test(v), 'validation.phone'),
  usermail: checked(254, isEmail, 'validation.email'),
  address: text(300),
  website: checked(500, isDomainUrl, 'validation.url'),
  linkedin: checked(500, isLinkedinUrl, 'validation.linkedin'),
  description: text(2000),
  accent_color: colour,
  cta_button_title: z
    .string()
    .trim()
    .max(LIMITS.customButtonTitleMax, 'validation.buttonTitle')
    .nullable(),
  cta_button_url: checked(500, isDomainUrl, 'validation.url'),
  cta_button_font_color: colour,
  cta_button_color: colour,
  connections_require_product_id: z.union([z.string().trim().max(64), z.number().int()]).nullable(),
  connection_message_required: z.boolean(),
  connection_message_hint: text(300),
  disclose_email: z.boolean(),
  enable_direct_messages: z.boolean(),
  memo_copy_allowed: z.boolean(),
  memo_comments_allowed: z.boolean(),
  allow_reactions: z.boolean(),
  require_identification_for_comments: z.boolean(),
};

export const publicProfilePatchSchema = z.object(publicProfileFields).partial().strict();
export type PublicProfilePatch = z.infer<typeof publicProfilePatchSchema>;

/** The settings text fields stored on the profile (the rest are flags and connection rules). */
export const PUBLIC_PROFILE_TEXT_FIELDS = [
  'slug',
  'phone',
  'usermail',
  'address',
  'website',
  'linkedin',
  'description',
  'accent_color',
  'cta_button_title',
  'cta_button_url',
  'cta_button_font_color',
  'cta_button_color',
] as const;
export type PublicProfileTextField = (typeof PUBLIC_PROFILE_TEXT_FIELDS)[number];

/**
 * The settings of the extended public profile (with the banner, a separate upload): setting
 * one needs a subscription (canUseExtendedPublicProfile); clearing one is always allowed.
 */
export const EXTENDED_PUBLIC_PROFILE_FIELDS = [
  'accent_color',
  'cta_button_title',
  'cta_button_url',
  'cta_button_font_color',
  'cta_button_color',
] as const satisfies readonly PublicProfileTextField[];

/** Whether a patch sets (not clears) one of the extended public profile's settings. */
export function setsExtendedPublicProfile(patch: PublicProfilePatch): boolean {
  return EXTENDED_PUBLIC_PROFILE_FIELDS.some((field) => {
    const value = patch[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/** The profile flags the public profile settings change. */
export const PUBLIC_PROFILE_FLAGS = [
  'user_has_public_profile',
  'public_profile_enabled',
  'disclose_email',
  'enable_direct_messages',
  'memo_copy_allowed',
  'memo_comments_allowed',
  'allow_reactions',
  'require_identification_for_comments',
] as const;
export type PublicProfileFlag = (typeof PUBLIC_PROFILE_FLAGS)[number];

/** GET/POST/PATCH answer: the owner's public profile settings. */
export type PublicProfileSettings = { id: number; '@id': string } & Record<
  PublicProfileTextField,
  string | null
> &
  Record<PublicProfileFlag, boolean> & {
    /** the banner photo (550w and 1200w URLs), null without one */
    banner: { id: number; url: string; large: string } | null;
    /** the public profile's own picture (220w and 550w URLs), null without one */
    picture: { id: number; url: string; large: string } | null;
    connections_require_product_id: string | number | null;
    connection_message_required: boolean;
    connection_message_hint: string | null;
  };

/** GET /api/user/profile/public/slug/{slug}: whether a slug may be taken. */
export interface SlugAvailability {
  slug: string;
  valid: boolean;
  available: boolean;
}
