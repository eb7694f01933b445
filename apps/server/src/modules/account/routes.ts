import { z } from 'zod';
import {
  HELP_DOCUMENTS,
  LOCALES,
  accountDeletionSchema,
  emailChangeConfirmSchema,
  emailChangeSchema,
  type Locale,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { authOf, callerOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { idParams, intIdFromPath, security } from '../../http/route-schemas.js';
import { ApiError } from '../../http/errors.js';
import type { AccountServices } from './index.js';

const tags = ['account'];
const statusAnswer = z.object({ status: z.string() });
const sessionAnswer = z.object({
  id: z.number(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  current: z.boolean(),
  delegated: z.boolean(),
});
const exportAnswer = z.object({
  id: z.number(),
  status: z.enum(['queued', 'ready', 'failed']),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size: z.number().nullable(),
});

/** `en`, `fr-BE`, `fr_be` or `fr` (French is Belgian French here); anything else is refused. */
export const localeQuery = z.object({
  locale: z
    .string()
    .max(10)
    .transform((value) => {
      const normal = value.trim().toLowerCase().replace('-', '_');
      return normal === 'fr' ? 'fr_be' : normal;
    })
    .pipe(z.enum(LOCALES, { error: 'validation.language' }))
    .optional(),
});

export function registerAccountRoutes(
  app: ZodApp,
  guard: AuthGuard,
  services: AccountServices,
): void {
  const { emailChange, deletion, devices, exports, documents } = services;

  app.post(
    '/api/user/email-change',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Change the sign-in address: a confirmation link goes to the new one (the same answer whether it is free or not)',
        body: emailChangeSchema,
        response: { 202: statusAnswer },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await emailChange.request(authOf(request), request.body, callerOf(request))),
  );

  app.post(
    '/api/user/email-change/confirm',
    {
      config: { right: 'any' },
      schema: {
        tags,
        summary: 'Confirm an address change with the mailed token (single use, expiring)',
        body: emailChangeConfirmSchema,
        response: { 200: statusAnswer.extend({ usermail: z.string() }) },
      },
    },
    async (request) => emailChange.confirm(request.body.token, callerOf(request)),
  );

  app.post(
    '/api/user/account/delete',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Delete your account: disabled now, deleted after the grace period unless you sign in again',
        body: accountDeletionSchema,
        response: { 202: statusAnswer.extend({ delete_after: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await deletion.request(authOf(request), request.body, callerOf(request))),
  );

  app.get(
    '/api/user/sessions',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your signed-in sessions and devices (the current one marked)',
        response: { 200: z.array(sessionAnswer) },
      },
    },
    async (request) => devices.list(authOf(request)),
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Sign out one of your sessions', params: idParams },
    },
    async (request, reply) => {
      const id = intIdFromPath(
        request.params.id,
        () => new ApiError(404, 'account.sessionNotFound'),
      );
      await devices.signOut(authOf(request), id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere else (every session but this one)',
        response: { 200: z.object({ revoked: z.number() }) },
      },
    },
    async (request) => devices.signOutOthers(authOf(request)),
  );

  app.post(
    '/api/user/export',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Ask for a zip of your memos, collections, comments and files (mailed when ready)',
        response: { 202: exportAnswer },
      },
    },
    async (request, reply) => reply.code(202).send(await exports.request(authOf(request))),
  );

  app.get(
    '/api/user/export',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your latest data export (null when none or expired)',
        response: { 200: z.object({ export: exportAnswer.nullable() }) },
      },
    },
    async (request) => ({ export: await exports.latest(authOf(request)) }),
  );

  app.get(
    '/api/user/export/:id/download',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Download a ready export of yours (application/zip)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const id = intIdFromPath(
        request.params.id,
        () => new ApiError(404, 'account.exportNotFound'),
      );
      const file = await exports.download(authOf(request), id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    '/api/document/location',
    {
      schema: {
        tags,
        summary:
          'The help links (questions-and-answers, privacy, about-us, service-conditions, contact) for a language',
        querystring: localeQuery,
        response: {
          200: z.array(z.object({ document_type: z.enum(HELP_DOCUMENTS), link: z.string() })),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return documents.locations((request.query.locale ?? request.locale) as Locale);
    },
  );

  app.get(
    '/api/document/privacy-policy',
    {
      schema: {
        tags,
        summary: "The operator's privacy policy text for a language (a default one is shipped)",
        querystring: localeQuery,
        response: {
          200: z.object({ locale: z.enum(LOCALES), text: z.string(), default: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return documents.privacyPolicy((request.query.locale ?? request.locale) as Locale);
    },
  );
}
