import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { security, valueParams } from '../../http/route-schemas.js';
import type { ConnectionServices } from './routes.js';
import { userSummaryAnswer } from '../users/people-answers.js';
import { connectionAnswer, connectionStatusAnswer } from './answers.js';

const tags = ['connections'];

const tokenAnswer = z.object({
  token: z.string(),
  valid_until: z.string(),
  url: z.string().describe('the link the QR code carries'),
});

const qrAnswer = z.object({
  user: userSummaryAnswer.extend({
    name_official: z.string().nullable(),
    user_identified: z.boolean(),
  }),
  valid_until: z.string(),
  connection_status: connectionStatusAnswer.nullable(),
  own: z.boolean(),
});

const invitationAnswer = z.object({
  user_outbound: userSummaryAnswer,
  user_to_email: z.string().nullable(),
  personal_message: z.string().nullable(),
  valid_until: z.string().nullable(),
  has_account: z.boolean(),
  connected: z.boolean(),
});

/** Token links: the personal QR token, and the links of request and invitation emails. */
export function registerConnectionTokenRoutes(
  app: ZodApp,
  guard: AuthGuard,
  { requests, qr }: ConnectionServices,
): void {
  const viewer = (request: FastifyRequest) => authOf(request).userId;
  const maybeViewer = (request: FastifyRequest) => request.auth?.userId ?? null;

  app.get(
    '/api/connection-token',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your personal QR connection token (valid 14 days); refresh=1 replaces it',
        querystring: z.object({ refresh: z.string().max(10).optional() }).loose(),
        response: { 200: tokenAnswer },
      },
    },
    (request) => qr.token(viewer(request), ['1', 'true'].includes(request.query.refresh ?? '')),
  );

  app.get(
    '/api/qr_connection/:value',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary: 'Whose QR token this is',
        params: valueParams,
        response: { 200: qrAnswer },
      },
    },
    (request) => qr.show(maybeViewer(request), request.params.value),
  );

  app.get(
    '/api/qr_connection/:value/confirm',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Connect at once with the owner of a QR token (auto_accepted)',
        params: valueParams,
        response: { 200: connectionAnswer },
      },
    },
    (request) => qr.confirm(viewer(request), request.params.value),
  );

  app.get(
    '/api/connection-token/:value/accept',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Accept the request or invitation of an emailed link (single use)',
        params: valueParams,
        response: { 200: connectionAnswer },
      },
    },
    (request) => requests.acceptByToken(viewer(request), request.params.value),
  );

  app.get(
    '/api/p/connection-invitation/:value',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary: 'Who sent an emailed request or invitation link (for the accept page)',
        params: valueParams,
        response: { 200: invitationAnswer },
      },
    },
    (request) => requests.invitation(maybeViewer(request), request.params.value),
  );
}
