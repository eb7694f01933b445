import { formatMessage, type StatusAnswer } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readTime } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { Caller } from '../auth/service.js';
import { createUserAdminService, removeUserFiles } from '../users/admin-service.js';
import { findAccount } from '../users/service.js';
import { longDate, type AccountBasics } from './common.js';
import { findDeletion, removeDeletion, upsertDeletion } from './store.js';

export const DELETION_JOB = 'account.delete';
const jobKey = (userId: number) => `account-delete:${userId}`;

/** The services bound to a transaction, so a step's rows and its job land together. */
function within(ctx: AppContext, db: AppContext['database']['db']): AppContext {
  return { ...ctx, database: { ...ctx.database, db } };
}

/**
 * Deletion of one's own account (docs/RULES.md, The account): disabled at once (sessions
 * ended, sign-in refused), deleted with everything it owns after the grace period by a
 * durable job running the operator's deletion (memoria-admin users:delete). Signing in
 * with the right password (and second factor) during the grace period cancels it.
 */
export function createDeletionService(ctx: AppContext, basics: AccountBasics) {
  const { db, dialect } = ctx.database;
  const graceDays = ctx.config.account.deletionGraceDays;

  return {
    async request(
      auth: AuthContext,
      input: { reason: string; password: string },
      caller: Caller,
    ): Promise<StatusAnswer & { delete_after: string }> {
      basics.ownerOnly(auth);
      const user = await basics.requirePassword(
        auth,
        input.password,
        caller,
        'account.deleteWrongPassword',
      );
      const account = await findAccount(db, user.id);
      if (!account) throw new ApiError(401, 'error.unauthorized');
      const deleteAfter = await db.transaction().execute(async (trx) => {
        await createUserAdminService(within(ctx, trx)).disable(account);
        // After the disabling: sign-in cancels only a deletion at least as recent as it
        // (an operator who disables the account later is not overridden).
        const requestedAt = new Date();
        const after = new Date(requestedAt.getTime() + graceDays * 86_400_000);
        await upsertDeletion(trx, dialect, {
          userId: user.id,
          reason: input.reason,
          requestedAt,
          deleteAfter: after,
        });
        await ctx.jobs.enqueue(
          DELETION_JOB,
          { userId: user.id },
          { runAt: after, uniqueKey: jobKey(user.id), maxAttempts: 10, db: trx },
        );
        return after;
      });
      await basics.mail(user.id, 'accountDeletion', (locale) => ({
        date: longDate(deleteAfter, locale),
      }));
      return {
        status: formatMessage('account.deletionScheduled', caller.locale, {
          date: longDate(deleteAfter, caller.locale),
        }),
        delete_after: deleteAfter.toISOString(),
      };
    },

    /** Whether the account is disabled only by its own pending deletion (sign-in may undo it). */
    async pendingFor(user: { id: number; disabled_at: unknown }): Promise<boolean> {
      const deletion = await findDeletion(db, user.id);
      const disabledAt = readTime(user.disabled_at);
      const requestedAt = readTime(deletion?.requested_at);
      return Boolean(
        deletion && disabledAt && requestedAt && disabledAt.getTime() <= requestedAt.getTime(),
      );
    },

    /** Signing in again: the account is enabled and its deletion forgotten. */
    async cancel(userId: number): Promise<boolean> {
      const account = await findAccount(db, userId);
      if (!account) return false;
      return db.transaction().execute(async (trx) => {
        if (!(await removeDeletion(trx, userId))) return false;
        await createUserAdminService(within(ctx, trx)).enable(account);
        await ctx.jobs.cancel(jobKey(userId), { db: trx });
        return true;
      });
    },

    /** The job: the operator's deletion, unless signing in cancelled it meanwhile. */
    async carryOut(userId: number): Promise<void> {
      const deleted = await db.transaction().execute(async (trx) => {
        const account = await findAccount(trx, userId);
        // gone already: an earlier attempt deleted the rows but not (all) the files; the
        // transfer files it left are found by the transfers' sweep of files without a row
        if (!account) return { removed: {}, transferFiles: [] };
        if (!(await findDeletion(trx, userId))) return null;
        return createUserAdminService(within(ctx, trx)).deleteAccount(account);
      });
      if (!deleted) return;
      // Files go once the rows are gone for sure: a file cannot be rolled back. A failure
      // here fails the attempt, and the next one removes what is left.
      const files = await removeUserFiles(ctx, userId, deleted.transferFiles);
      ctx.log.info(
        { userId, removed: { ...deleted.removed, files } },
        'account deleted as requested',
      );
    },

    describe: async (userId: number) => isoTime((await findDeletion(db, userId))?.delete_after),
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
