import { z } from 'zod';
import { lockCodeSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { createLockCodeService } from './lock-code-service.js';
import { lockCodeAnswer, validAnswer } from './answers.js';

const tags = ['pin'];
const security = [{ bearer: [] }];

export function registerLockCodeRoutes(
  app: ZodApp,
  guard: AuthGuard,
  lockCodes: ReturnType<typeof createLockCodeService>,
): void {
  app.patch(
    '/api/lock-code',
    {
      config: { right: 'settings' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Set or change the PIN',
        body: lockCodeSchema,
        response: { 200: lockCodeAnswer },
      },
    },
    async (request) =>
      lockCodes.set(
        authOf(request),
        request.body.lock_code,
        request.body.current_lock_code,
        callerOf(request),
      ),
  );

  app.get(
    '/api/lock-code-exist',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Whether a PIN is set',
        response: { 200: lockCodeAnswer },
      },
    },
    async (request) => lockCodes.exists(authOf(request)),
  );

  app.get(
    '/api/lock-code-validate/:value',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Check the PIN',
        params: z.object({ value: z.string().max(64) }),
        response: { 200: validAnswer },
      },
    },
    async (request) => lockCodes.validate(authOf(request), request.params.value, callerOf(request)),
  );

  app.get(
    '/api/lock-code-reset',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Remove the PIN (after validate-password)',
        response: { 200: lockCodeAnswer },
      },
    },
    async (request) => lockCodes.reset(authOf(request), callerOf(request)),
  );
}
