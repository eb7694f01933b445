import {
  LOGIN_STATUS,
  formatMessage,
  type BackupCodesAnswer,
  type TwoFactorConfirmAnswer,
  type TwoFactorDisableAnswer,
  type TwoFactorMethod,
  type TwoFactorSetupAnswer,
} from '@memoria/domain';
import { readBool } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AuthDeps } from './deps.js';
import type { createPasswordService } from './password-service.js';
import type { Caller } from './service.js';
import { findAccountById, updateCredentials } from './store.js';
import { checkTotp, newTotpSecret, qrDataUrl, totpUri } from './totp.js';

export function createTwoFactorService(
  deps: AuthDeps,
  passwordService: ReturnType<typeof createPasswordService>,
) {
  const { ctx, codes, mailUser } = deps;
  const { db, dialect } = ctx.database;
  const { limiter } = ctx;

  async function account(auth: AuthContext) {
    const user = await findAccountById(db, auth.userId);
    if (!user) throw new ApiError(401, 'error.unauthorized');
    return user;
  }

  /** Second factor off, any setup in progress dropped, backup codes gone. */
  async function turnOff(userId: number): Promise<void> {
    await updateCredentials(db, dialect, userId, {
      two_factor_enabled: dialect.bool(false),
      two_factor_method: null,
      two_factor_secret: null,
      two_factor_pending_method: null,
      two_factor_pending_secret: null,
    });
    await codes.dropBackupCodes(userId);
  }

  return {
    turnOff,

    /** Starts setup; 2FA turns on only once a code is confirmed. */
    async start(
      auth: AuthContext,
      method: TwoFactorMethod,
      caller: Caller,
    ): Promise<TwoFactorSetupAnswer> {
      const user = await account(auth);
      if (method === 'totp') {
        const secret = newTotpSecret();
        await updateCredentials(db, dialect, user.id, {
          two_factor_pending_method: 'totp',
          two_factor_pending_secret: secret,
        });
        const uri = totpUri(secret, user.usermail);
        return { method, secret, otpauth_url: uri, qr_code: await qrDataUrl(uri) };
      }
      await limiter.check('send', user.usermail, caller.ip);
      await limiter.fail('send', user.usermail, caller.ip);
      await updateCredentials(db, dialect, user.id, {
        two_factor_pending_method: 'email',
        two_factor_pending_secret: null,
      });
      const code = await codes.issue(user.id, 'two_factor_setup');
      await mailUser(user.id, 'signInCode', { code });
      return { method, status: LOGIN_STATUS.emailCodeSent };
    },

    async confirm(
      auth: AuthContext,
      code: string,
      caller: Caller,
    ): Promise<TwoFactorConfirmAnswer> {
      const user = await account(auth);
      const method = user.two_factor_pending_method;
      if (method !== 'totp' && method !== 'email') {
        throw new ApiError(400, 'auth.twoFactorNotStarted');
      }
      await limiter.check('code', user.usermail, caller.ip);
      let result: 'ok' | 'wrong' | 'expired';
      if (method === 'totp') {
        const ok = await checkTotp(user.two_factor_pending_secret ?? '', code.trim());
        result = ok ? 'ok' : 'wrong';
      } else {
        result = await codes.check(user.id, 'two_factor_setup', code);
      }
      if (result !== 'ok') {
        await limiter.fail('code', user.usermail, caller.ip);
        throw violation('code', result === 'expired' ? 'auth.codeExpired' : 'auth.codeInvalid');
      }
      await updateCredentials(db, dialect, user.id, {
        two_factor_enabled: dialect.bool(true),
        two_factor_method: method,
        two_factor_secret: method === 'totp' ? user.two_factor_pending_secret : null,
        two_factor_pending_method: null,
        two_factor_pending_secret: null,
        two_factor_last_step: null,
      });
      const backupCodes = await codes.newBackupCodes(user.id);
      return { two_factor_authentication: true, method, backup_codes: backupCodes };
    },

    async newBackupCodes(auth: AuthContext): Promise<BackupCodesAnswer> {
      const user = await account(auth);
      if (!readBool(user.two_factor_enabled)) {
        throw new ApiError(400, 'auth.twoFactorRequiredForBackup');
      }
      return { backup_codes: await codes.newBackupCodes(user.id) };
    },

    async disable(
      auth: AuthContext,
      password: string,
      caller: Caller,
    ): Promise<TwoFactorDisableAnswer> {
      const user = await passwordService.requirePassword(auth, password, caller);
      await turnOff(user.id);
      return {
        two_factor_authentication: false,
        status: formatMessage('auth.twoFactorDisabled', caller.locale),
      };
    },
  };
}
