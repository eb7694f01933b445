import {
  AUTH,
  PIN_PATTERN,
  formatMessage,
  type LockCodeAnswer,
  type ValidAnswer,
} from '@memoria/domain';

import { ApiError, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AuthDeps } from './deps.js';
import type { Caller } from './service.js';
import { countPinFailure, findAccountById, updateCredentials } from './store.js';

/** How recently validate-password must have succeeded for a PIN reset. */
const REAUTH_WINDOW_MS = 5 * 60_000;

const pinLocked = () => new ApiError(423, 'auth.pinLocked');

/** The secure-mode PIN: argon2-hashed, locked after a few wrong tries until reset. */
export function createLockCodeService(deps: AuthDeps) {
  const { ctx, mailUser } = deps;
  const { db, dialect } = ctx.database;
  const { limiter, passwords } = ctx;

  async function account(auth: AuthContext) {
    const user = await findAccountById(db, auth.userId);
    if (!user) throw new ApiError(401, 'error.unauthorized');
    return user;
  }

  type Account = Awaited<ReturnType<typeof account>>;

  /** Checks a PIN; a wrong one counts, and the last allowed wrong one locks the PIN. */
  async function pinMatches(user: Account, value: string, caller: Caller): Promise<boolean> {
    if (user.lock_code_locked_at !== null) throw pinLocked();
    await limiter.check('pin', user.usermail, caller.ip);
    const ok =
      PIN_PATTERN.test(value) && (await passwords.verify(user.lock_code_hash ?? '', value));
    if (ok) {
      if (user.lock_code_failures > 0) {
        await updateCredentials(db, dialect, user.id, { lock_code_failures: 0 });
      }
      return true;
    }
    await limiter.fail('pin', user.usermail, caller.ip);
    const failures = await countPinFailure(db, user.id);
    if (failures >= AUTH.pinMaxTries) {
      await updateCredentials(db, dialect, user.id, {
        lock_code_locked_at: dialect.time(new Date()),
      });
      throw pinLocked();
    }
    return false;
  }

  return {
    async exists(auth: AuthContext): Promise<LockCodeAnswer> {
      const user = await account(auth);
      return { exists: user.lock_code_hash !== null };
    },

    async set(
      auth: AuthContext,
      lockCode: string,
      current: string | undefined,
      caller: Caller,
    ): Promise<LockCodeAnswer> {
      const user = await account(auth);
      if (user.lock_code_hash !== null) {
        if (!current) throw violation('current_lock_code', 'validation.required');
        if (!(await pinMatches(user, current, caller))) {
          throw violation('current_lock_code', 'validation.pinWrong');
        }
      }
      await updateCredentials(db, dialect, user.id, {
        lock_code_hash: await passwords.hash(lockCode),
        lock_code_failures: 0,
        lock_code_locked_at: null,
      });
      return { exists: true, status: formatMessage('auth.pinSaved', caller.locale) };
    },

    async validate(auth: AuthContext, value: string, caller: Caller): Promise<ValidAnswer> {
      const user = await account(auth);
      if (user.lock_code_hash === null) throw new ApiError(400, 'auth.pinMissing');
      if (!(await pinMatches(user, value, caller))) throw new ApiError(400, 'auth.pinInvalid');
      return { valid: true };
    },

    async reset(auth: AuthContext, caller: Caller): Promise<LockCodeAnswer> {
      const confirmed = auth.reauthenticatedAt;
      if (!confirmed || Date.now() - confirmed.getTime() > REAUTH_WINDOW_MS) {
        throw new ApiError(403, 'auth.pinResetNeedsPassword');
      }
      const user = await account(auth);
      const hadPin = user.lock_code_hash !== null;
      await updateCredentials(db, dialect, user.id, {
        lock_code_hash: null,
        lock_code_failures: 0,
        lock_code_locked_at: null,
      });
      if (hadPin) await mailUser(user.id, 'pinReset');
      return { exists: false, status: formatMessage('auth.pinReset', caller.locale) };
    },
  };
}
