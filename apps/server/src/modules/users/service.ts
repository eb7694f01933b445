import { actingRules } from '../delegations/service.js';
import {
  canUseExtendedPublicProfile,
  iri,
  isLocale,
  type Locale,
  type ProfilePatch,
  type User,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { presentUser } from './present.js';
import { currentAvatarId } from '../media/index.js';
import {
  findProfileById,
  findProfileByUser,
  findUserByEmail,
  findUserById,
  insertAccount,
  setPendingIdentification,
  updateProfile,
  type NewAccount,
} from './store.js';
import { avatarUrl } from './people.js';
import { markIdentified } from './admin-store.js';
import { accountFactsOf } from './account-facts.js';
import { profileOrdersOf } from '../subscriptions/profile-orders.js';

/** Name, address and language a mail to this user is written with. */
export interface MailIdentity {
  usermail: string;
  name: string;
  locale: Locale;
}

export function createUserService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  /** The account; with `rootUserId`, as seen by that person acting for it. */
  async function loadUser(userId: number, rootUserId: number | null = null): Promise<User> {
    const [user, profile, rootProfile, avatarId, delegated, rootAccount, orders] =
      await Promise.all([
        findUserById(db, userId),
        findProfileByUser(db, userId),
        rootUserId === null ? undefined : findProfileByUser(db, rootUserId),
        currentAvatarId(db, userId),
        rootUserId === null ? undefined : actingRules(db, userId, rootUserId),
        rootUserId === null ? undefined : findUserById(db, rootUserId),
        profileOrdersOf(db, userId),
      ]);
    if (!user || !profile) throw notFound();
    const root =
      rootUserId !== null && rootProfile
        ? { id: rootUserId, '@id': iri('user', rootUserId), name: rootProfile.name }
        : null;
    return presentUser(
      user,
      profile,
      root,
      avatarUrl(avatarId, '550w'),
      delegated,
      rootAccount,
      orders,
    );
  }

  return {
    loadUser,

    createAccount(account: NewAccount, trx = db) {
      return insertAccount(trx, dialect, account);
    },

    async emailExists(usermail: string): Promise<boolean> {
      return (await findUserByEmail(db, usermail)) !== undefined;
    },

    async mailIdentity(userId: number): Promise<MailIdentity | undefined> {
      const [user, profile] = await Promise.all([
        findUserById(db, userId),
        findProfileByUser(db, userId),
      ]);
      if (!user || !profile) return undefined;
      return {
        usermail: user.usermail,
        name: profile.name,
        locale: isLocale(profile.locale) ? profile.locale : 'en',
      };
    },

    /**
     * The identity service confirmed the account's name (docs/notes/identity-verification.md):
     * it is identified under that official name, which later renames leave as it is.
     */
    markIdentified: (userId: number, officialName: string) =>
      markIdentified(db, dialect, userId, officialName),

    setPendingIdentification: (userId: number, pending: boolean) =>
      setPendingIdentification(db, dialect, userId, pending),

    async patchProfile(
      userId: number,
      profileId: number,
      patch: ProfilePatch,
      rootUserId: number | null = null,
    ): Promise<User> {
      const profile = await findProfileById(db, profileId);
      if (!profile) throw notFound();
      if (profile.user_id !== userId) throw forbidden('profile.notYours');
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        if (typeof value === 'boolean') changes[key] = dialect.bool(value);
        // an emptied text field (phone, bio, job, organisation, city) leaves the profile
        else if (value === '') changes[key] = null;
        else changes[key] = value;
      }
      if (Object.keys(changes).length > 0) await updateProfile(db, dialect, profileId, changes);
      return loadUser(userId, rootUserId);
    },
  };
}

/** An account's own row, for other modules (delegations); `db` may be their transaction. */
export function findAccount(db: Kysely<DatabaseSchema>, id: number) {
  return findUserById(db, id);
}

/**
 * Whether the account may use the extended public profile (banner, accent colour,
 * call-to-action button): a subscription (docs/RULES.md, Public profile).
 */
export async function mayUseExtendedPublicProfile(
  db: Kysely<DatabaseSchema>,
  userId: number,
): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user !== undefined && canUseExtendedPublicProfile(accountFactsOf(user));
}

export type UserService = ReturnType<typeof createUserService>;
