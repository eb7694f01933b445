import { AUTH, formatMessage, type StatusAnswer, type ValidAnswer } from '@memoria/domain';
import { readBool, readTime } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AuthDeps } from './deps.js';
import type { Caller } from './service.js';
import {
  findAccountByEmail,
  findAccountById,
  findPasswordReset,
  insertPasswordReset,
  updateCredentials,
  usePasswordReset,
} from './store.js';
import { opaqueToken, sha256 } from './tokens.js';

/** Forgotten password links, password change and re-authentication. */
export function createPasswordService(deps: AuthDeps) {
  const { ctx, sessions, mailUser } = deps;
  const { db, dialect } = ctx.database;
  const { limiter, passwords } = ctx;

  async function signedInAccount(auth: AuthContext) {
    const user = await findAccountById(db, auth.userId);
    if (!user) throw new ApiError(401, 'error.unauthorized');
    return user;
  }

  /** Checks the caller's current password, counting wrong ones toward the lockout. */
  async function requirePassword(auth: AuthContext, password: string, caller: Caller) {
    const user = await signedInAccount(auth);
    await limiter.check('password', user.usermail, caller.ip);
    if (!(await passwords.verify(user.password_hash, password))) {
      await limiter.fail('password', user.usermail, caller.ip);
      throw violation('password', 'validation.passwordWrong');
    }
    return user;
  }

  /** A one-time link to the web app's reset page (/auth/reset?token=…); only its hash is kept. */
  async function issueResetLink(userId: number): Promise<{ link: string; expiresAt: Date }> {
    const token = opaqueToken();
    const expiresAt = new Date(Date.now() + AUTH.resetTokenTtlMinutes * 60_000);
    await insertPasswordReset(db, dialect, { userId, hash: sha256(token), expiresAt });
    const link = `${ctx.config.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
    return { link, expiresAt };
  }

  return {
    requirePassword,
    issueResetLink,

    /** Always the same answer, so the call does not reveal which addresses have accounts. */
    async forgot(usermail: string, caller: Caller): Promise<StatusAnswer> {
      await limiter.check('send', usermail, caller.ip);
      await limiter.fail('send', usermail, caller.ip);
      const user = await findAccountByEmail(db, usermail);
      if (user && user.disabled_at === null) {
        const { link } = await issueResetLink(user.id);
        await mailUser(user.id, 'passwordReset', { link, minutes: AUTH.resetTokenTtlMinutes });
      }
      return { status: formatMessage('auth.resetSent', caller.locale) };
    },

    async confirmForgot(token: string, password: string, caller: Caller): Promise<StatusAnswer> {
      const reset = await findPasswordReset(db, sha256(token.trim()));
      const expires = readTime(reset?.expires_at);
      if (
        !reset ||
        reset.used_at !== null ||
        !expires ||
        expires.getTime() <= Date.now() ||
        !(await usePasswordReset(db, dialect, reset.id))
      ) {
        throw new ApiError(400, 'auth.resetTokenInvalid');
      }
      const user = await findAccountById(db, reset.user_id);
      // Opening the emailed link proves the address, as the verification code would.
      const activate = user && !readBool(user.is_active);
      await updateCredentials(db, dialect, reset.user_id, {
        password_hash: await passwords.hash(password),
        ...(activate
          ? { is_active: dialect.bool(true), activated_at: dialect.time(new Date()) }
          : {}),
      });
      await sessions.revokeAll(reset.user_id);
      if (user) await limiter.clear('login', user.usermail);
      await mailUser(reset.user_id, 'passwordChanged');
      return { status: formatMessage('auth.passwordChanged', caller.locale) };
    },

    async change(
      auth: AuthContext,
      current: string,
      next: string,
      caller: Caller,
    ): Promise<StatusAnswer> {
      const user = await requirePassword(auth, current, caller);
      if (current === next) throw violation('newPassword', 'validation.passwordSame');
      await updateCredentials(db, dialect, user.id, { password_hash: await passwords.hash(next) });
      await sessions.revokeAll(user.id, auth.sessionId);
      await mailUser(user.id, 'passwordChanged');
      return { status: formatMessage('auth.passwordChanged', caller.locale) };
    },

    /** Confirms the password; the session counts as recently re-authenticated (PIN reset). */
    async validate(auth: AuthContext, password: string, caller: Caller): Promise<ValidAnswer> {
      await requirePassword(auth, password, caller);
      await sessions.markReauthenticated(auth.sessionId);
      return { valid: true };
    },
  };
}
