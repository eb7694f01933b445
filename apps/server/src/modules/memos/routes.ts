import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COLLECTION_ID_PATTERN, memoWriteSchema } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import { idParams, security } from '../../http/route-schemas.js';
import type { ZodApp } from '../../http/zod-app.js';
import { registerMemoActionRoutes } from './action-routes.js';
import { memoAnswer, memoListAnswer } from './answers.js';
import { createMemoEvents } from './events.js';
import {
  accessQuery,
  listQuery,
  listQueryOf,
  memoIdOf,
  memoPutBody,
  optionalCollection,
  tags,
  viewerOf,
} from './route-helpers.js';
import { createMemoService, type MemoService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The memo service; `memos.events.onMemoPublished(listener)` for notifications and feed. */
    memos: MemoService;
  }
}

/**
 * Builds the memo service, registers its `memo.publish` job and its routes, and decorates
 * the app with it (`app.memos`). Answers the service.
 */
export function registerMemos(app: ZodApp, guard: AuthGuard, ctx: AppContext): MemoService {
  const memos = createMemoService(ctx, createMemoEvents());
  app.decorate('memos', memos);
  registerMemoRoutes(app, guard, memos);
  registerMemoActionRoutes(app, guard, memos);
  return memos;
}

export function registerMemoRoutes(app: ZodApp, guard: AuthGuard, memos: MemoService): void {
  const read = { 200: memoAnswer };

  app.post(
    '/api/memo',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Write a memo',
        body: memoWriteSchema,
        response: { 201: memoAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await memos.create(authOf(request).userId, request.body)),
  );

  app.put(
    '/api/memo/:id',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Edit a memo (its author)',
        params: idParams,
        body: memoPutBody,
        response: read,
      },
    },
    async (request) => {
      const { id: _id, '@id': _iri, ...body } = request.body;
      return memos.update(authOf(request).userId, memoIdOf(request.params.id), body);
    },
  );

  app.delete(
    '/api/memo/:id',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Delete a memo (author), or remove it from own collections (collection owner)',
        params: idParams,
        querystring: z.object({ collection: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const id = memoIdOf(request.params.id);
      await memos.remove(authOf(request).userId, id, optionalCollection(request.query.collection));
      return reply.code(204).send();
    },
  );

  const readMemo = (visitorOnly: boolean) => async (request: FastifyRequest) => {
    const params = request.params as z.infer<typeof idParams>;
    const query = request.query as z.infer<typeof accessQuery>;
    return memos.read(
      viewerOf(request, query, visitorOnly),
      memoIdOf(params.id),
      optionalCollection(query.collection),
    );
  };
  app.get(
    '/api/memo/:id',
    {
      preParsing: guard.optional,
      config: { answerCache: true },
      schema: {
        tags,
        security,
        summary: 'A memo',
        params: idParams,
        querystring: accessQuery,
        response: read,
      },
    },
    readMemo(false),
  );
  app.get(
    '/api/p/memo/:id',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'A memo, for visitors',
        params: idParams,
        querystring: accessQuery,
        response: read,
      },
    },
    readMemo(true),
  );

  const listUser =
    (visitorOnly: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as z.infer<typeof idParams>;
      const query = request.query as z.infer<typeof listQuery>;
      const userId = intIdFromIri(params.id);
      if (userId === undefined) throw notFound('memo.userNotFound');
      const page = await memos.listByUser(
        viewerOf(request, query, visitorOnly),
        userId,
        listQueryOf(request, query),
      );
      return sendCollection(request, reply, page.members, page.total);
    };
  const listSchema = (summary: string, auth: boolean) => ({
    tags,
    ...(auth ? { security } : {}),
    summary,
    params: idParams,
    querystring: listQuery,
    response: { 200: memoListAnswer },
  });
  app.get(
    '/api/user/:id/memo',
    {
      preParsing: guard.optional,
      config: { answerCache: true },
      schema: listSchema('Memos by a user, newest first', true),
    },
    listUser(false),
  );
  app.get(
    '/api/p/user/:id/memo',
    { config: { answerCache: true }, schema: listSchema('Public memos by a user', false) },
    listUser(true),
  );

  const listCollection =
    (visitorOnly: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as z.infer<typeof idParams>;
      const query = request.query as z.infer<typeof listQuery>;
      if (!COLLECTION_ID_PATTERN.test(params.id)) throw notFound('memo.collectionNotFound');
      const page = await memos.listByCollection(
        viewerOf(request, query, visitorOnly),
        params.id,
        listQueryOf(request, query),
      );
      return sendCollection(request, reply, page.members, page.total);
    };
  app.get(
    '/api/collection/:id/memo',
    {
      preParsing: guard.optional,
      config: { answerCache: true },
      schema: listSchema('Memos of a collection, pinned first', true),
    },
    listCollection(false),
  );
  app.get(
    '/api/p/collection/:id/memo',
    {
      config: { answerCache: true },
      schema: listSchema('Memos of a collection, for visitors', false),
    },
    listCollection(true),
  );
}
