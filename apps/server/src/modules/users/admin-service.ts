import type { UserRules } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { createStorage, userPrefix } from '../../storage/index.js';
import { isoTime, readBool, readCount, readJson } from '../../db/dialect.js';
import { createSessionService } from '../auth/session-service.js';
import { createUserService } from './service.js';
import { findUserByEmail, findUserById, updateProfile, type UserRow } from './store.js';

export type { UserRow };
import {
  accountTotals,
  countAccounts,
  countLiveSessions,
  listAccounts,
  markIdentified,
  setDisabledAt,
  setOrderStorage,
  setPlan,
} from './admin-store.js';
import { createTransferCleanup } from '../transfer/cleanup.js';
import { deleteUserCascading } from './deletion-store.js';
import { BYTES_PER_GB, PLANS, isPlanName, type PlanName } from './plans.js';

/** One row of users:list. */
export interface AccountSummary {
  id: number;
  usermail: string;
  name: string;
  plan: string;
  is_active: boolean;
  disabled: boolean;
  two_factor: boolean;
  storage_used: number;
  created_at: string | null;
}

/**
 * What an operator may do to accounts (issue 7): the command line's services. Inputs are
 * validated by the caller; `ctx.database.db` may be a transaction, so a command is atomic.
 */
export function createUserAdminService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const users = createUserService(ctx);
  const sessions = createSessionService(ctx);

  return {
    /** An account by id (digits) or email address. */
    async find(reference: string): Promise<UserRow | undefined> {
      const ref = reference.trim();
      if (/^\d+$/.test(ref)) return findUserById(db, Number(ref));
      return findUserByEmail(db, ref.toLowerCase());
    },

    /** An activated account, ready to sign in. */
    async create(account: {
      usermail: string;
      passwordHash: string;
      name: string;
      locale: string;
      country: string | null;
    }): Promise<{ userId: number; profileId: number }> {
      return users.createAccount({ ...account, isActive: true });
    },

    async list(options: { search?: string; limit: number; offset: number }) {
      const [rows, total] = await Promise.all([
        listAccounts(db, options),
        countAccounts(db, options.search),
      ]);
      const members: AccountSummary[] = rows.map((row) => ({
        id: row.id,
        usermail: row.usermail,
        name: row.name,
        plan: row.plan,
        is_active: readBool(row.is_active),
        disabled: row.disabled_at !== null,
        two_factor: readBool(row.two_factor_enabled),
        storage_used: readCount(row.storage_used),
        created_at: isoTime(row.created_at),
      }));
      return { total, members };
    },

    /** The account as the API presents it, plus what only an operator sees. */
    async show(user: UserRow) {
      const presented = await users.loadUser(user.id);
      return {
        ...presented,
        plan: isPlanName(user.plan) ? user.plan : 'free',
        activated_at: isoTime(user.activated_at),
        disabled_at: isoTime(user.disabled_at),
        live_sessions: await countLiveSessions(db, dialect, user.id),
      };
    },

    /** Plan, rule flags and included storage exactly as a paid order of that plan sets them. */
    async grantPlan(user: UserRow, plan: PlanName): Promise<UserRules> {
      const rules = { ...readJson<UserRules>(user.rules, {}), ...PLANS[plan].rules };
      await setPlan(db, dialect, user.id, plan, rules);
      return rules;
    },

    /** Storage bought as add-ons, in whole GB (replaces the previous amount). */
    async setStorage(user: UserRow, gigabytes: number): Promise<number> {
      const bytes = gigabytes * BYTES_PER_GB;
      await setOrderStorage(db, dialect, user.id, bytes);
      return bytes;
    },

    /**
     * Gives the account a public profile and turns it on (see docs/RULES.md, Permissions,
     * "public profile"): it is listed under Discover › People and shown at /p/profile/{id}.
     */
    openPublicProfile: (profileId: number) =>
      updateProfile(db, dialect, profileId, {
        user_has_public_profile: dialect.bool(true),
        public_profile_enabled: dialect.bool(true),
      }),

    verifyIdentity: (user: UserRow, officialName: string) =>
      markIdentified(db, dialect, user.id, officialName),

    /** Refuses sign-in and ends every session of the account at once. */
    async disable(user: UserRow): Promise<void> {
      await setDisabledAt(db, dialect, user.id, new Date());
      await sessions.revokeAll(user.id);
    },

    enable: (user: UserRow) => setDisabledAt(db, dialect, user.id, null),

    /**
     * Deletes the account and every row it owns; answers the rows removed per table and the
     * transfer files to remove once this commits (removeUserFiles).
     */
    async deleteAccount(
      user: UserRow,
    ): Promise<{ removed: Record<string, number>; transferFiles: string[] }> {
      const transferFiles = await createTransferCleanup(ctx).takeAccount(db, user.id);
      return { removed: await deleteUserCascading(db, dialect, user.id), transferFiles };
    },

    totals: () => accountTotals(db, dialect),
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;

/**
 * Removes the account's files: everything under `<userId>/` in media storage (DATA_DIR/media
 * or the S3 bucket) and the transfer files deleteAccount answered. Called after the deleting
 * transaction committed (files cannot be rolled back). Answers the files removed.
 */
export async function removeUserFiles(
  ctx: Pick<AppContext, 'config' | 'jobs' | 'log'>,
  userId: number,
  transferFiles: string[],
): Promise<number> {
  const media = await createStorage(ctx.config).deleteByPrefix(userPrefix(userId));
  return media + (await createTransferCleanup(ctx).removeFiles(transferFiles));
}
