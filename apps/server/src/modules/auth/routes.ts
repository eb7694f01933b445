import {
  credentialsSchema,
  forgotPasswordConfirmSchema,
  forgotPasswordSchema,
  logoutSchema,
  refreshSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signupSchema,
  validatePasswordSchema,
  verificationSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { violation } from '../../http/errors.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { createAccountService } from './service.js';
import type { createPasswordService } from './password-service.js';
import {
  loginAnswer,
  statusAnswer,
  tokenPairAnswer,
  validAnswer,
  verificationAnswer,
} from './answers.js';

const tags = ['session'];
const secured = [{ bearer: [] }];

export function registerAuthRoutes(
  app: ZodApp,
  guard: AuthGuard,
  accounts: ReturnType<typeof createAccountService>,
  passwords: ReturnType<typeof createPasswordService>,
): void {
  app.post(
    '/api/signup',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Create an account (answers an activation session)',
        body: signupSchema,
        response: { 201: tokenPairAnswer },
      },
    },
    async (request, reply) => {
      const pair = await accounts.signup(request.body, callerOf(request));
      return reply.code(201).send(pair);
    },
  );

  app.post(
    '/api/user/account/verification',
    {
      preParsing: guard.optional,
      config: { right: 'none', allowActivation: true },
      schema: {
        tags,
        summary:
          'Activate with the emailed code: {code} with the signup session, or {usermail, code}',
        body: verificationSchema,
        response: { 200: verificationAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (request.auth) return accounts.verifyWithSession(request.auth, request.body.code, caller);
      if (!request.body.usermail) throw violation('usermail', 'validation.required');
      return accounts.verifyByEmail(request.body.usermail, request.body.code, caller);
    },
  );

  app.post(
    '/api/account/resend-verification',
    {
      preParsing: guard.optional,
      config: { right: 'none', allowActivation: true },
      schema: {
        tags,
        summary: 'Email a new verification code',
        body: resendVerificationSchema.nullish(),
        response: { 200: statusAnswer },
      },
    },
    async (request) =>
      accounts.resendVerification(request.auth, request.body?.usermail, callerOf(request)),
  );

  app.post(
    '/api/login',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Sign in (second call with code when 2FA is on)',
        body: credentialsSchema,
        response: { 200: loginAnswer },
      },
    },
    async (request) => accounts.login(request.body, callerOf(request)),
  );

  app.post(
    '/api/token/refresh',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: refreshSchema,
        response: { 200: tokenPairAnswer },
      },
    },
    async (request) => accounts.refresh(request.body.refresh_token, request.ip),
  );

  app.post(
    '/api/logout',
    {
      preParsing: guard.optional,
      config: { right: 'any', allowActivation: true },
      schema: {
        tags,
        summary: 'End the current session',
        body: logoutSchema.nullish(),
      },
    },
    async (request, reply) => {
      await accounts.logout(request.auth, request.body?.refresh_token);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/forgot-password',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: forgotPasswordSchema,
        response: { 200: statusAnswer },
      },
    },
    async (request) => passwords.forgot(request.body.usermail, callerOf(request)),
  );

  app.post(
    '/api/forgot-password-confirm',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Set a new password with the emailed link token',
        body: forgotPasswordConfirmSchema,
        response: { 200: statusAnswer },
      },
    },
    async (request) =>
      passwords.confirmForgot(
        request.body.userForgotPassword,
        request.body.password,
        callerOf(request),
      ),
  );

  app.post(
    '/api/reset-password',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security: secured,
        summary: 'Change the password',
        body: resetPasswordSchema,
        response: { 200: statusAnswer },
      },
    },
    async (request) =>
      passwords.change(
        authOf(request),
        request.body.password,
        request.body.newPassword,
        callerOf(request),
      ),
  );

  app.post(
    '/api/validate-password',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security: secured,
        summary: 'Confirm the current password',
        body: validatePasswordSchema,
        response: { 200: validAnswer },
      },
    },
    async (request) =>
      passwords.validate(authOf(request), request.body.password, callerOf(request)),
  );
}
