import {
  LOGIN_ERROR,
  LOGIN_STATUS,
  formatMessage,
  type Locale,
  type LoginAnswer,
  type MessageKey,
  type StatusAnswer,
  type VerificationAnswer,
  type TokenPair,
} from '@memoria/domain';
import { isUniqueViolation } from '../../db/errors.js';
import { readBool } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AuthDeps } from './deps.js';
import { totpStep } from './totp.js';
import { connectInvitedUser } from '../connections/invitations.js';
import { findAccountByEmail, findAccountById, updateCredentials, useTotpStep } from './store.js';
import { createAccountBasics } from '../account/common.js';
import { createDeletionService } from '../account/deletion.js';

/** Who is asking, for rate limits, the session label and the language of answers. */
export interface Caller {
  ip: string;
  userAgent?: string;
  locale: Locale;
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/**
 * Login failures carry the protocol value (docs/API.md, Authentication) in `error` beside the
 * uniform body.
 */
const loginError = (status: number, key: MessageKey, error: string) =>
  new ApiError(status, key, { extra: { error } });

export function createAccountService(deps: AuthDeps) {
  const { ctx, users, sessions, codes, mailUser } = deps;
  const { db, dialect } = ctx.database;
  const { limiter, passwords } = ctx;
  const deletions = createDeletionService(ctx, createAccountBasics(ctx));

  async function activationCodeMatches(user: Account, code: string, caller: Caller) {
    await limiter.check('code', user.usermail, caller.ip);
    const result = await codes.check(user.id, 'verification', code);
    if (result !== 'ok') {
      await limiter.fail('code', user.usermail, caller.ip);
      throw violation('code', result === 'expired' ? 'auth.codeExpired' : 'auth.codeInvalid');
    }
    await updateCredentials(db, dialect, user.id, {
      is_active: dialect.bool(true),
      activated_at: dialect.time(new Date()),
    });
    // The address is proven: invitations sent to it become connections.
    await connectInvitedUser(ctx.database, user.id, user.usermail, ctx.activity).catch(
      (error: unknown) => ctx.log.error({ err: error }, 'connecting invitations failed'),
    );
  }

  async function sendVerification(userId: number): Promise<void> {
    const code = await codes.issue(userId, 'verification');
    await mailUser(userId, 'verification', { code });
  }

  async function secondFactorMatches(user: Account, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code.trim())) {
      if (user.two_factor_method === 'totp' && user.two_factor_secret) {
        const step = await totpStep(user.two_factor_secret, code.trim());
        if (step !== null && (await useTotpStep(db, user.id, step))) return true;
      } else if (user.two_factor_method === 'email') {
        if ((await codes.check(user.id, 'login', code)) === 'ok') return true;
      }
    }
    return codes.useBackupCode(user.id, code);
  }

  return {
    async signup(
      input: {
        usermail: string;
        password: string;
        userProfile: { name: string; locale: Locale; country?: string };
      },
      caller: Caller,
    ): Promise<TokenPair> {
      if (await users.emailExists(input.usermail)) {
        throw violation('usermail', 'validation.emailTaken');
      }
      const passwordHash = await passwords.hash(input.password);
      let userId: number;
      try {
        ({ userId } = await db.transaction().execute((trx) =>
          users.createAccount(
            {
              usermail: input.usermail,
              passwordHash,
              name: input.userProfile.name,
              locale: input.userProfile.locale,
              country: input.userProfile.country ?? null,
            },
            trx,
          ),
        ));
      } catch (error) {
        if (isUniqueViolation(error)) throw violation('usermail', 'validation.emailTaken');
        throw error;
      }
      await sendVerification(userId);
      return sessions.issue(userId, 'activation', caller.userAgent, caller.ip);
    },

    /** {code} with the signup session: activates and swaps it for a full session. */
    async verifyWithSession(
      auth: AuthContext,
      code: string,
      caller: Caller,
    ): Promise<VerificationAnswer> {
      const user = await findAccountById(db, auth.userId);
      if (!user) throw new ApiError(401, 'error.unauthorized');
      if (readBool(user.is_active)) throw new ApiError(409, 'auth.alreadyActivated');
      await activationCodeMatches(user, code, caller);
      await sessions.revoke(auth.sessionId);
      const pair = await sessions.issue(user.id, 'full', caller.userAgent, caller.ip);
      return { status: formatMessage('auth.activated', caller.locale), ...pair };
    },

    /** {usermail, code} without a session: activates; the client then signs in. */
    async verifyByEmail(usermail: string, code: string, caller: Caller): Promise<StatusAnswer> {
      const user = await findAccountByEmail(db, usermail);
      if (!user) {
        // Same answer as a wrong code, so the call does not reveal which addresses exist.
        await limiter.check('code', usermail, caller.ip);
        await limiter.fail('code', usermail, caller.ip);
        throw violation('code', 'auth.codeInvalid');
      }
      if (readBool(user.is_active)) throw new ApiError(409, 'auth.alreadyActivated');
      await activationCodeMatches(user, code, caller);
      return { status: formatMessage('auth.activated', caller.locale) };
    },

    async resendVerification(
      auth: AuthContext | null,
      usermail: string | undefined,
      caller: Caller,
    ): Promise<StatusAnswer> {
      let user: Account | undefined;
      if (auth) user = await findAccountById(db, auth.userId);
      else if (usermail) user = await findAccountByEmail(db, usermail);
      else throw violation('usermail', 'validation.required');
      const account = user?.usermail ?? usermail ?? '';
      await limiter.check('send', account, caller.ip);
      await limiter.fail('send', account, caller.ip);
      if (user && !readBool(user.is_active) && user.disabled_at === null) {
        await sendVerification(user.id);
      }
      return { status: formatMessage('auth.verificationSent', caller.locale) };
    },

    async login(
      input: { usermail: string; password: string; code?: string },
      caller: Caller,
    ): Promise<LoginAnswer> {
      await limiter.check('login', input.usermail, caller.ip);
      const user = await findAccountByEmail(db, input.usermail);
      const passwordOk = user
        ? await passwords.verify(user.password_hash, input.password)
        : (await passwords.waste(input.password), false);
      if (!user || !passwordOk) {
        await limiter.fail('login', input.usermail, caller.ip);
        throw loginError(401, 'auth.invalidCredentials', LOGIN_ERROR.invalidCredentials);
      }
      // An account disabled by its own deletion request signs in, and that cancels the
      // deletion (docs/RULES.md, The account); one an operator disabled does not.
      const deletionPending = user.disabled_at !== null && (await deletions.pendingFor(user));
      if (user.disabled_at !== null && !deletionPending) {
        throw loginError(403, 'auth.accountDisabled', LOGIN_ERROR.accountDisabled);
      }
      if (!readBool(user.is_active)) {
        throw loginError(401, 'auth.notActivated', LOGIN_ERROR.notActivated);
      }
      if (readBool(user.two_factor_enabled)) {
        const method = user.two_factor_method === 'email' ? 'email' : 'totp';
        if (!input.code) {
          if (method === 'totp') return { status: LOGIN_STATUS.twoFactorRequired, method };
          await limiter.check('send', user.usermail, caller.ip);
          await limiter.fail('send', user.usermail, caller.ip);
          const code = await codes.issue(user.id, 'login');
          await mailUser(user.id, 'signInCode', { code });
          return { status: LOGIN_STATUS.emailCodeSent, method };
        }
        if (!(await secondFactorMatches(user, input.code))) {
          await limiter.fail('login', input.usermail, caller.ip);
          throw loginError(401, 'auth.codeInvalid', LOGIN_ERROR.codeInvalid);
        }
      }
      await limiter.succeeded('login', input.usermail, caller.ip);
      if (deletionPending && (await deletions.cancel(user.id))) {
        const pair = await sessions.issue(user.id, 'full', caller.userAgent, caller.ip);
        return { ...pair, notice: formatMessage('account.deletionCancelled', caller.locale) };
      }
      return sessions.issue(user.id, 'full', caller.userAgent, caller.ip);
    },

    refresh: (refreshToken: string, ip?: string) => sessions.refresh(refreshToken, ip),

    async logout(auth: AuthContext | null, refreshToken: string | undefined): Promise<void> {
      if (!auth && !refreshToken) throw new ApiError(401, 'error.unauthorized');
      if (auth) await sessions.revoke(auth.sessionId);
      if (refreshToken) await sessions.revokeByRefreshToken(refreshToken);
    },
  };
}
