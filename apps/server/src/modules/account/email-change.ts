import { ACCOUNT, formatMessage, type StatusAnswer } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readTime } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { Caller } from '../auth/service.js';
import { opaqueToken, sha256 } from '../auth/tokens.js';
import { changeUsermail } from '../users/usermail.js';
import type { AccountBasics } from './common.js';
import { findEmailChange, insertEmailChange, useEmailChange } from './store.js';

/**
 * Change of sign-in address (docs/RULES.md, The account): a link to the new address, the
 * change only when it is opened, the old address told. Whether the new address is free is
 * not said at the request (that would tell who is registered); it is checked on confirmation.
 */
export function createEmailChangeService(ctx: AppContext, basics: AccountBasics) {
  const { db, dialect } = ctx.database;

  return {
    async request(
      auth: AuthContext,
      input: { usermail: string; password: string },
      caller: Caller,
    ): Promise<StatusAnswer> {
      basics.ownerOnly(auth);
      const user = await basics.requirePassword(
        auth,
        input.password,
        caller,
        'validation.passwordWrong',
      );
      if (input.usermail === user.usermail) throw violation('usermail', 'account.emailSame');
      await ctx.limiter.check('send', user.usermail, caller.ip);
      await ctx.limiter.fail('send', user.usermail, caller.ip);
      const token = opaqueToken();
      const hours = ACCOUNT.emailChangeTtlHours;
      await insertEmailChange(db, dialect, {
        userId: user.id,
        usermail: input.usermail,
        hash: sha256(token),
        expiresAt: new Date(Date.now() + hours * 3_600_000),
      });
      const link = `${ctx.config.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
      await basics.mail(
        user.id,
        'emailChangeConfirm',
        { link, hours, usermail: input.usermail },
        input.usermail,
      );
      return { status: formatMessage('account.emailChangeSent', caller.locale) };
    },

    /** The link's token: single use, expiring; the address another account took is refused. */
    async confirm(token: string, caller: Caller): Promise<StatusAnswer & { usermail: string }> {
      const change = await findEmailChange(db, sha256(token));
      const expires = readTime(change?.expires_at);
      if (
        !change ||
        change.used_at !== null ||
        !expires ||
        expires.getTime() <= Date.now() ||
        !(await useEmailChange(db, dialect, change.id))
      ) {
        throw new ApiError(400, 'account.emailChangeInvalid');
      }
      const before = await basics.users.mailIdentity(change.user_id);
      if (!before) throw new ApiError(400, 'account.emailChangeInvalid');
      if ((await changeUsermail(ctx.database, change.user_id, change.new_usermail)) === 'taken') {
        throw new ApiError(409, 'account.emailChangeTaken');
      }
      await basics.mail(
        change.user_id,
        'emailChanged',
        { usermail: change.new_usermail },
        before.usermail,
      );
      return {
        status: formatMessage('account.emailChanged', caller.locale, {
          usermail: change.new_usermail,
        }),
        usermail: change.new_usermail,
      };
    },
  };
}
