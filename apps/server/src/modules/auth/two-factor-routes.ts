import {
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { createTwoFactorService } from './two-factor-service.js';
import {
  backupCodesAnswer,
  twoFactorConfirmAnswer,
  twoFactorDisableAnswer,
  twoFactorSetupAnswer,
} from './answers.js';

const tags = ['two-factor'];
const security = [{ bearer: [] }];

export function registerTwoFactorRoutes(
  app: ZodApp,
  guard: AuthGuard,
  twoFactor: ReturnType<typeof createTwoFactorService>,
): void {
  app.post(
    '/api/profile/2fa',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Start two-factor setup',
        body: twoFactorSetupSchema.nullish(),
        response: { 200: twoFactorSetupAnswer },
      },
    },
    async (request) =>
      twoFactor.start(authOf(request), request.body?.method ?? 'totp', callerOf(request)),
  );

  app.post(
    '/api/profile/2fa-confirm',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Confirm setup with a code; answers backup codes',
        body: twoFactorConfirmSchema,
        response: { 200: twoFactorConfirmAnswer },
      },
    },
    async (request) => twoFactor.confirm(authOf(request), request.body.code, callerOf(request)),
  );

  app.get(
    '/api/profile/2fa-backup',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'A fresh set of backup codes',
        response: { 200: backupCodesAnswer },
      },
    },
    async (request) => twoFactor.newBackupCodes(authOf(request)),
  );

  app.post(
    '/api/profile/2fa-disable',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off',
        body: twoFactorDisableSchema,
        response: { 200: twoFactorDisableAnswer },
      },
    },
    async (request) => twoFactor.disable(authOf(request), request.body.password, callerOf(request)),
  );
}
