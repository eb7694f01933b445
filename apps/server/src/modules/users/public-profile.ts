import {
  PUBLIC_PROFILE_FLAGS,
  canUseExtendedPublicProfile,
  isSlug,
  setsExtendedPublicProfile,
  type PublicProfilePatch,
  type PublicProfileSettings,
  type PublicProfileTextField,
  type SlugAvailability,
} from '@memoria/domain';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import { readBool, readJson } from '../../db/dialect.js';
import { isDuplicate } from '../../db/errors.js';
import type { UserProfilesTable } from '../../db/schema.js';
import { ApiError, forbidden, notFound, violation } from '../../http/errors.js';
import { avatarUrl } from './people.js';
import { accountFactsOf } from './account-facts.js';
import {
  findPublicSettingsRow,
  profileIdWithSlug,
  writePublicSettings,
  type PublicSettingsRow,
} from './public-profile-store.js';

/** The settings field and the profile column it is stored in. */
const COLUMNS: Record<PublicProfileTextField, keyof UserProfilesTable> = {
  slug: 'public_slug',
  phone: 'public_phone',
  usermail: 'public_usermail',
  address: 'public_address',
  website: 'public_website',
  linkedin: 'public_linkedin',
  description: 'public_description',
  accent_color: 'accent_color',
  cta_button_title: 'cta_button_title',
  cta_button_url: 'cta_button_url',
  cta_button_font_color: 'cta_button_font_color',
  cta_button_color: 'cta_button_color',
};

/** The connection rules the settings change, kept in the account's rules JSON. */
const RULE_FIELDS = [
  'connections_require_product_id',
  'connection_message_required',
  'connection_message_hint',
] as const;

function present(row: PublicSettingsRow): PublicProfileSettings {
  const rules = readJson<Record<string, unknown>>(row.rules, {});
  const product = rules.connections_require_product_id;
  const hint = rules.connection_message_hint;
  const text = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, column]) => [field, row[column] ?? null]),
  ) as Record<PublicProfileTextField, string | null>;
  const flags = Object.fromEntries(
    PUBLIC_PROFILE_FLAGS.map((flag) => [flag, readBool(row[flag])]),
  ) as Record<(typeof PUBLIC_PROFILE_FLAGS)[number], boolean>;
  const banner = row.banner_attachment_id;
  const picture = row.public_picture_attachment_id;
  return {
    id: row.id,
    '@id': `/api/user/profile/public/${row.id}`,
    ...text,
    ...flags,
    banner: banner
      ? {
          id: banner,
          url: avatarUrl(banner, '550w') as string,
          large: avatarUrl(banner, '1200w') as string,
        }
      : null,
    picture: picture
      ? {
          id: picture,
          url: avatarUrl(picture, '220w') as string,
          large: avatarUrl(picture, '550w') as string,
        }
      : null,
    connections_require_product_id:
      typeof product === 'string' || typeof product === 'number' ? product : null,
    connection_message_required: rules.connection_message_required === true,
    connection_message_hint: typeof hint === 'string' && hint.trim() ? hint : null,
  };
}

const slugTaken = () => violation('slug', 'validation.slugTaken');
/** The extended public profile needs a subscription (docs/RULES.md, Public profile). */
export const subscriptionRequired = () =>
  new ApiError(403, 'publicProfile.subscriptionRequired', {
    extra: { error: 'subscription required' },
  });

/**
 * The public profile settings (docs/RULES.md, Public profile; docs/API.md, Calls: Profile): on
 * and off, the unique slug, contact fields, accent colour and call-to-action, the flags and
 * connection rules. Stored on the person's profile row and in the account's rules.
 */
export function createPublicProfileSettings(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  async function load(userId: number): Promise<PublicSettingsRow> {
    const row = await findPublicSettingsRow(db, userId);
    if (!row) throw notFound();
    return row;
  }

  async function apply(row: PublicSettingsRow, patch: PublicProfilePatch): Promise<void> {
    if (setsExtendedPublicProfile(patch) && !canUseExtendedPublicProfile(accountFactsOf(row))) {
      throw subscriptionRequired();
    }
    const profile: Updateable<UserProfilesTable> = {};
    for (const [field, column] of Object.entries(COLUMNS) as [
      PublicProfileTextField,
      keyof UserProfilesTable,
    ][]) {
      const value = patch[field];
      if (value === undefined) continue;
      // an emptied field is removed, not kept as blank text
      (profile as Record<string, unknown>)[column] = value === null || value === '' ? null : value;
    }
    for (const flag of PUBLIC_PROFILE_FLAGS) {
      const value = patch[flag];
      if (value !== undefined) profile[flag] = dialect.bool(value);
    }
    let rules: Record<string, unknown> | undefined;
    if (RULE_FIELDS.some((field) => patch[field] !== undefined)) {
      rules = { ...readJson<Record<string, unknown>>(row.rules, {}) };
      for (const field of RULE_FIELDS) {
        const value = patch[field];
        if (value === undefined) continue;
        if (value === null || value === '') delete rules[field];
        else rules[field] = value;
      }
    }
    const slug = profile.public_slug;
    if (typeof slug === 'string' && slug !== row.public_slug) {
      const holder = await profileIdWithSlug(db, slug);
      if (holder !== undefined && holder !== row.id) throw slugTaken();
    }
    try {
      await db
        .transaction()
        .execute((trx) => writePublicSettings(trx, dialect, row.user_id, profile, rules));
    } catch (error) {
      // two people taking the same slug at once: the unique index decides
      if (isDuplicate(error)) throw slugTaken();
      throw error;
    }
  }

  return {
    /** GET /api/user/profile/public: the signed-in person's settings. */
    async get(userId: number): Promise<PublicProfileSettings> {
      return present(await load(userId));
    },

    /**
     * POST /api/user/profile/public: turns the public profile on (enabled unless the body
     * says otherwise) with the given settings; 409 when the person already has one.
     */
    async create(userId: number, patch: PublicProfilePatch): Promise<PublicProfileSettings> {
      const row = await load(userId);
      if (readBool(row.user_has_public_profile)) throw new ApiError(409, 'error.conflict');
      await apply(row, {
        public_profile_enabled: true,
        ...patch,
        user_has_public_profile: true,
      });
      return present(await load(userId));
    },

    /** PATCH /api/user/profile/public/{id}: `id` is the person's own profile id, else 403. */
    async patch(
      userId: number,
      profileId: number,
      patch: PublicProfilePatch,
    ): Promise<PublicProfileSettings> {
      const row = await load(userId);
      if (row.id !== profileId) throw forbidden('profile.notYours');
      await apply(row, patch);
      return present(await load(userId));
    },

    /** Whether `slug` may be taken by `userId` (their own slug counts as available). */
    async slugAvailability(userId: number, slug: string): Promise<SlugAvailability> {
      const value = slug.trim();
      if (!isSlug(value)) return { slug: value, valid: false, available: false };
      const [holder, row] = await Promise.all([profileIdWithSlug(db, value), load(userId)]);
      return { slug: value, valid: true, available: holder === undefined || holder === row.id };
    },
  };
}

export type PublicProfileSettingsService = ReturnType<typeof createPublicProfileSettings>;
