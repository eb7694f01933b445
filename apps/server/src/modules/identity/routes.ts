import { z } from 'zod';
import type { Locale } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { security } from '../../http/route-schemas.js';
import { localeQuery } from '../account/routes.js';
import { loginAnswer } from '../auth/answers.js';
import { CALLBACK_PATH, type IdentityService } from './service.js';

const tags = ['identity'];
/** Holds the state of the request this browser started (see service.ts). */
const STATE_COOKIE = 'memoria_oidc_state';
/** Starting a request talks to the provider and keeps a row: a few a minute per address. */
const startLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

function stateCookie(state: string, secure: boolean): string {
  const maxAge = 120;
  return `${STATE_COOKIE}=${state}; Path=${CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function registerIdentityRoutes(
  app: ZodApp,
  guard: AuthGuard,
  identity: IdentityService,
  publicUrl: string,
): void {
  const secure = publicUrl.startsWith('https://');

  app.get(
    '/api/pim/provider',
    {
      schema: {
        tags,
        summary: 'Whether an external identity service is configured, and its name',
        response: { 200: z.object({ enabled: z.boolean(), name: z.string().nullable() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return identity.describe();
    },
  );

  app.get(
    '/api/identify_user_pim',
    {
      preParsing: guard.required,
      config: startLimit,
      schema: {
        tags,
        security,
        summary:
          "Verify your name: the identity service's authorisation URL (the profile shows the verification pending)",
        querystring: localeQuery,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      const locale = (request.query.locale ?? request.locale) as Locale;
      const started = await identity.startVerification(authOf(request), locale);
      reply.header('set-cookie', stateCookie(started.state, secure));
      reply.header('cache-control', 'private, no-store');
      return { url: started.url };
    },
  );

  app.get(
    '/api/pim/url',
    {
      config: startLimit,
      schema: {
        tags,
        summary:
          'Sign in with the external identity: the authorisation URL and the request to poll POST /api/pim/login with',
        querystring: localeQuery,
        response: { 200: z.object({ url: z.string(), request: z.string() }) },
      },
    },
    async (request, reply) => {
      const locale = (request.query.locale ?? request.locale) as Locale;
      const started = await identity.startLogin(locale);
      reply.header('set-cookie', stateCookie(started.state, secure));
      reply.header('cache-control', 'private, no-store');
      return { url: started.url, request: started.poll ?? '' };
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags,
        summary:
          'Where the identity service sends the browser back: records the outcome and redirects to the web app',
        querystring: z
          .object({
            state: z.string().max(200).optional(),
            code: z.string().max(2000).optional(),
            error: z.string().max(200).optional(),
          })
          .passthrough(),
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, publicUrl);
      const landing = await identity.callback(
        url,
        cookieValue(request.headers.cookie, STATE_COOKIE),
      );
      reply.header('set-cookie', `${STATE_COOKIE}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly`);
      reply.header('cache-control', 'no-store');
      return reply.redirect(landing, 303);
    },
  );

  app.post(
    '/api/pim/login',
    {
      // a sign-in, like POST /api/login: no delegated right involved
      config: { right: 'any' },
      schema: {
        tags,
        summary:
          'Sign in with the external identity: 400 while the identity service has not answered yet (ask again), then the tokens',
        body: z.object({ request: z.string().min(1, 'validation.required').max(200) }),
        response: { 200: loginAnswer },
      },
    },
    async (request) => identity.login(request.body.request, callerOf(request)),
  );
}
