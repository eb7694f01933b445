import { switchUserSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { tokenPairAnswer } from '../auth/answers.js';
import type { createSwitchService } from './switch-service.js';

export function registerDelegationRoutes(
  app: ZodApp,
  guard: AuthGuard,
  switcher: ReturnType<typeof createSwitchService>,
): void {
  app.post(
    '/api/switch-user',
    {
      config: { right: 'any' },
      preParsing: guard.required,
      schema: {
        tags: ['session'],
        security: [{ bearer: [] }],
        summary:
          'Act for an account that delegated to you (with its secure_token), or switch back to your own',
        body: switchUserSchema,
        response: { 200: tokenPairAnswer },
      },
    },
    async (request) => {
      const accountUserId = intIdFromIri(request.body.account_user, 'user');
      if (accountUserId === undefined) throw violation('account_user', 'validation.invalid');
      return switcher.switchUser(
        authOf(request),
        accountUserId,
        request.body.secure_token ?? '',
        callerOf(request),
      );
    },
  );
}
