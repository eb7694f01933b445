import { z } from 'zod';
import { CALLS, CALL_PARTICIPANT_STATES } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { listOf } from '../comments/answers.js';
import type { CallService } from './service.js';

const tags = ['calls'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });
const pagingQuery = z.object({
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
});
const PAGING = { defaultItemsPerPage: CALLS.callsPerPage, maxItemsPerPage: 100 };
// joining with a link is open to anyone holding one: a guessing guard, like other public routes
const linkLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const joinAnswer = z.object({
  call_id: z.number(),
  collection_id: z.string(),
  participant_id: z.number(),
  state: z.enum(CALL_PARTICIPANT_STATES),
  is_host: z.boolean(),
  lobby: z.boolean(),
  ticket: z.string().describe('opens the call socket: /api/ws?call_ticket=…'),
  ice_servers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  media: z.enum(['mesh', 'livekit']),
  livekit: z.object({ url: z.string(), token: z.string() }).nullable(),
});

const callItem = z.object({
  id: z.number(),
  '@id': z.string(),
  collection_id: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  started_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  participants: z.array(
    z.object({
      name: z.string(),
      user_id: z.number().nullable(),
      joined_at: z.string(),
      left_at: z.string().nullable(),
    }),
  ),
});

export function registerCallRoutes(app: ZodApp, guard: AuthGuard, calls: CallService): void {
  app.post(
    '/api/collection/:id/call',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          "Start the collection's call, or join the one running (lobby: visitors with the link wait to be admitted; default on)",
        params: idParams,
        body: z.object({ lobby: z.boolean().optional() }).nullish(),
        response: { 200: joinAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return calls.enter({ userId: auth.userId, rootUserId: auth.rootUserId }, request.params.id, {
        lobby: request.body?.lobby ?? true,
      });
    },
  );

  app.post(
    '/api/call/join',
    {
      config: { right: 'collections', ...linkLimit },
      preParsing: guard.optional,
      schema: {
        tags,
        security,
        summary:
          'Join the running call with its link (call_secure_token); visitors give the name they are shown under',
        body: z.object({
          token: z.string().max(128),
          name: z.string().max(200).optional(),
        }),
        response: { 200: joinAnswer },
      },
    },
    async (request) =>
      calls.joinWithLink(request.auth?.userId ?? null, request.body.token, request.body.name),
  );

  app.get(
    '/api/collection/:id/calls',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: "A collection's calls, newest first, with who was in each",
        params: idParams,
        querystring: pagingQuery,
        response: { 200: listOf(callItem) },
      },
    },
    async (request, reply) => {
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const { members, total } = await calls.history(authOf(request).userId, request.params.id, {
        limit: itemsPerPage,
        offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );
}
