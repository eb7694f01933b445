import type { Locale } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { ApiError, ValidationFailed, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { TemplateName, TemplateParams } from '../../mail/templates/index.js';
import { createAuthDeps } from '../auth/deps.js';
import { createPasswordService } from '../auth/password-service.js';
import type { Caller } from '../auth/service.js';

/**
 * What the account's own calls share: they act on the person's own account, so a delegate
 * acting for it is refused (docs/RULES.md, The account), and the password is asked again.
 */
export function createAccountBasics(ctx: AppContext) {
  const deps = createAuthDeps(ctx);
  const passwords = createPasswordService(deps);

  return {
    users: deps.users,
    sessions: deps.sessions,

    /** The signed-in person acting as themself; a delegated session is refused. */
    ownerOnly(auth: AuthContext): number {
      if (auth.rootUserId !== null) throw new ApiError(403, 'account.ownerOnly');
      return auth.userId;
    },

    /**
     * Checks the password (wrong ones count toward the lockout like every password check),
     * answering a wrong one with `wrongKey` on the password field.
     */
    async requirePassword(
      auth: AuthContext,
      password: string,
      caller: Caller,
      wrongKey: 'validation.passwordWrong' | 'account.deleteWrongPassword',
    ) {
      try {
        return await passwords.requirePassword(auth, password, caller);
      } catch (error) {
        if (error instanceof ValidationFailed && wrongKey !== 'validation.passwordWrong') {
          throw violation('password', wrongKey);
        }
        throw error;
      }
    },

    /** Mails the account in its language (to `to` when given: a new address). */
    async mail(
      userId: number,
      template: TemplateName,
      params: Omit<TemplateParams, 'name'> | ((locale: Locale) => Omit<TemplateParams, 'name'>),
      to?: string,
    ): Promise<void> {
      const identity = await deps.users.mailIdentity(userId);
      if (!identity) return;
      const values = typeof params === 'function' ? params(identity.locale) : params;
      await ctx.mailer.send({
        to: to ?? identity.usermail,
        locale: identity.locale,
        template,
        params: { ...values, name: identity.name },
      });
    },
  };
}

export type AccountBasics = ReturnType<typeof createAccountBasics>;

/** A date as the mail's or answer's language writes it. */
export function longDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' }).format(date);
}
