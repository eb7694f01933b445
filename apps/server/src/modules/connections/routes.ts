import { z } from 'zod';
import {
  CONNECTION_LIST_STATUSES,
  CONNECTION_USER_TYPES,
  PAGE_SIZES,
  connectionDirectSchema,
  connectionPatchSchema,
  connectionRequestSchema,
  type ConnectionListStatus,
} from '@memoria/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, forbidden } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import {
  idParams,
  intIdFromPath,
  pagingFields,
  security,
  userIdFromPath,
  userRefFrom,
  listAnswer,
} from '../../http/route-schemas.js';
import type { ConnectionService } from './service.js';
import type { RequestService } from './request-service.js';
import type { QrService } from './qr-service.js';
import { connectionAnswer, contactCountsAnswer } from './answers.js';

const tags = ['connections'];
const PAGING = {
  defaultItemsPerPage: PAGE_SIZES.connections,
  maxItemsPerPage: PAGE_SIZES.connections,
};
const connectionNotFound = () => new ApiError(404, 'connections.notFound');

const listQuery = z
  .object({
    ...pagingFields,
    status: z.enum(CONNECTION_LIST_STATUSES, { message: 'validation.invalid' }).optional(),
    user_type: z.enum(CONNECTION_USER_TYPES, { message: 'validation.invalid' }).optional(),
    search: z.string().max(200).optional(),
  })
  .loose();
const requestedQuery = z
  .object({
    ...pagingFields,
    status: z.literal('requested', { message: 'validation.invalid' }).optional(),
    search: z.string().max(200).optional(),
  })
  .loose();
const connectionList = listAnswer(connectionAnswer);

export interface ConnectionServices {
  connections: ConnectionService;
  requests: RequestService;
  qr: QrService;
}

export function registerConnectionRoutes(
  app: ZodApp,
  guard: AuthGuard,
  { connections, requests, qr }: ConnectionServices,
): void {
  const viewer = (request: FastifyRequest) => authOf(request).userId;

  app.post(
    '/api/connection',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Ask someone to connect by email; an address without an account gets an invitation link',
        body: connectionRequestSchema,
        response: { 200: connectionAnswer, 201: connectionAnswer },
      },
    },
    async (request, reply) => {
      const { connection, created } = await requests.requestByEmail(viewer(request), {
        user_to_email: request.body.user_to_email,
        personal_message: request.body.personal_message,
      });
      return reply.code(created ? 201 : 200).send(connection);
    },
  );

  app.get(
    '/api/connection/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'One of your connections',
        params: idParams,
        response: { 200: connectionAnswer },
      },
    },
    async (request) =>
      connections.get(viewer(request), intIdFromPath(request.params.id, connectionNotFound)),
  );

  app.patch(
    '/api/connection/:id',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Watch a connection’s content, or change the message of a pending request',
        params: idParams,
        body: connectionPatchSchema,
        response: { 200: connectionAnswer },
      },
    },
    async (request) =>
      connections.patch(
        viewer(request),
        intIdFromPath(request.params.id, connectionNotFound),
        request.body,
      ),
  );

  app.delete(
    '/api/connection/:id',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Cancel a request, or remove a connection (with its contact rows and favourites)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await connections.remove(
        viewer(request),
        intIdFromPath(request.params.id, connectionNotFound),
      );
      return reply.code(204).send();
    },
  );

  for (const action of ['accept', 'reject'] as const) {
    app.get(
      `/api/connection/:id/${action}`,
      {
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary:
            action === 'accept'
              ? 'Accept a request you received'
              : 'Decline a request you received (listed as cancelled)',
          params: idParams,
          response: { 200: connectionAnswer },
        },
      },
      async (request) => {
        const id = intIdFromPath(request.params.id, connectionNotFound);
        return action === 'accept'
          ? connections.accept(viewer(request), id)
          : connections.reject(viewer(request), id);
      },
    );
  }

  async function sendList(
    request: FastifyRequest,
    reply: FastifyReply,
    status: ConnectionListStatus,
    query: { user_type?: 'normal' | 'workspace'; search?: string },
  ) {
    const paging = parsePaging(request.query, PAGING);
    const { members, total } = await connections.list(viewer(request), {
      status,
      userType: query.user_type,
      search: query.search,
      limit: paging.itemsPerPage,
      offset: paging.offset,
    });
    return sendCollection(request, reply, members, total);
  }

  app.get(
    '/api/user/connection',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Your connections by status: active (default), outcome, income, cancelled, verified, delegations',
        querystring: listQuery,
        response: { 200: connectionList },
      },
    },
    (request, reply) => sendList(request, reply, request.query.status ?? 'active', request.query),
  );

  for (const [path, status, summary] of [
    ['/api/user/:id/connection/inbound', 'income', 'Requests you received'],
    ['/api/user/:id/connection/outbound', 'outcome', 'Requests and invitations you sent'],
    ['/api/users/:id/user_rejected_connections', 'cancelled', 'Declined requests'],
  ] as const) {
    app.get(
      path,
      {
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary,
          params: idParams,
          querystring: requestedQuery,
          response: { 200: connectionList },
        },
      },
      (request, reply) => {
        if (userIdFromPath(request.params.id) !== viewer(request)) throw forbidden();
        return sendList(request, reply, status, request.query);
      },
    );
  }

  app.get(
    '/api/identified_contacts',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your connections whose identity is verified',
        querystring: listQuery.omit({ status: true }),
        response: { 200: connectionList },
      },
    },
    (request, reply) => sendList(request, reply, 'verified', request.query),
  );

  app.get(
    '/api/user/contact/count',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'How many connections, followers, delegations and followings you have',
        response: { 200: contactCountsAnswer },
      },
    },
    (request) => connections.counts(viewer(request)),
  );

  app.delete(
    '/api/user/:id/delete-content-watching',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Stop watching the new content of a connection',
        params: idParams,
      },
    },
    async (request, reply) => {
      await connections.unwatchPerson(viewer(request), userIdFromPath(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/connection-direct',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Ask the person of a profile to connect (user_outbound); with their QR token, connect at once',
        body: connectionDirectSchema,
        response: { 200: connectionAnswer, 201: connectionAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const targetId = userRefFrom(body.user_outbound ?? body.user, 'user_outbound');
      if (body.connection_token) {
        return reply
          .code(201)
          .send(await qr.confirmFor(viewer(request), targetId, body.connection_token));
      }
      const { connection, created } = await requests.requestById(
        viewer(request),
        targetId,
        body.personal_message,
      );
      return reply.code(created ? 201 : 200).send(connection);
    },
  );
}
