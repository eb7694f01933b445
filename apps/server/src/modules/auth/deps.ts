import type { AppContext } from '../../context.js';
import { createUserService } from '../users/service.js';
import { createCodeService } from './code-service.js';
import { createSessionService } from './session-service.js';
import type { TemplateName, TemplateParams } from '../../mail/templates/index.js';
import { AUTH } from '@memoria/domain';

/** The collaborators the auth services share, built once per app. */
export function createAuthDeps(ctx: AppContext) {
  const users = createUserService(ctx);
  const sessions = createSessionService(ctx);
  const codes = createCodeService(ctx);

  /** Mails a user in their profile language. */
  async function mailUser(
    userId: number,
    template: TemplateName,
    params: Omit<TemplateParams, 'name'> = {},
  ): Promise<void> {
    const identity = await users.mailIdentity(userId);
    if (!identity) return;
    await ctx.mailer.send({
      to: identity.usermail,
      locale: identity.locale,
      template,
      params: { minutes: AUTH.codeTtlMinutes, ...params, name: identity.name },
    });
  }

  return { ctx, users, sessions, codes, mailUser };
}

export type AuthDeps = ReturnType<typeof createAuthDeps>;
