import { z } from 'zod';
import {
  COLLECTION_ID_PATTERN,
  MEMO_SEARCH_MAX,
  PAGE_SIZES,
  memoCopySchema,
  memoWriteSchema,
} from '@memoria/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, notFound } from '../../http/errors.js';
import { parsePaging, sendCollection, wantsHydra } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { Viewer } from '../audience/index.js';
import { memoAnswer, memoListAnswer, memoTodoAnswer, secretLinkAnswer } from './answers.js';
import { createMemoEvents } from './events.js';
import { collectionIdOf } from './links.js';
import { createMemoService, type MemoService } from './service.js';
import type { ListQuery } from './store.js';

const tags = ['memos'];
const security = [{ bearer: [] }];
const MAX_ITEMS_PER_PAGE = 50;
const MAX_SEARCH_WORDS = 10;

const idParams = z.object({ id: z.string().max(64) });
const secret = z.string().max(128).optional();
/** Secret links: `collection_sec_link` (web ?secure_token=) and `memo_sec_link` (web ?smt=). */
const accessQuery = z.object({
  collection_sec_link: secret,
  memo_sec_link: secret,
  /** the collection whose pin state the answer's sequence_number reports */
  collection: z.string().max(64).optional(),
});
const listQuery = z.object({
  collection_sec_link: secret,
  search: z.string().max(MEMO_SEARCH_MAX, 'validation.tooLong').optional(),
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
});
/** Clients may send the memo back with its id; the path decides. */
const memoPutBody = memoWriteSchema.extend({
  id: z.unknown().optional(),
  '@id': z.unknown().optional(),
});

function memoIdOf(raw: string): number {
  if (raw.trim() === '') throw new ApiError(400, 'memo.idRequired');
  const id = intIdFromIri(raw);
  if (id === undefined) throw notFound('memo.notFound');
  return id;
}

function viewerOf(
  request: FastifyRequest,
  query: { collection_sec_link?: string; memo_sec_link?: string },
  visitorOnly = false,
): Viewer {
  return {
    userId: visitorOnly ? null : (request.auth?.userId ?? null),
    collectionSecret: query.collection_sec_link || null,
    memoSecret: query.memo_sec_link || null,
  };
}

function listQueryOf(request: FastifyRequest, query: z.infer<typeof listQuery>): ListQuery {
  const paging = parsePaging(query, {
    defaultItemsPerPage: PAGE_SIZES.memos,
    maxItemsPerPage: MAX_ITEMS_PER_PAGE,
  });
  const search = (query.search ?? '')
    .toLocaleLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^#+/, ''))
    .filter((word) => word !== '')
    .slice(0, MAX_SEARCH_WORDS);
  return {
    search,
    limit: paging.itemsPerPage,
    offset: paging.offset,
    withTotal: wantsHydra(request),
  };
}

const optionalCollection = (value: string | undefined) =>
  value ? (collectionIdOf(value) ?? notFoundCollection()) : undefined;
const notFoundCollection = (): never => {
  throw notFound('memo.collectionNotFound');
};

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
  return memos;
}

export function registerMemoRoutes(app: ZodApp, guard: AuthGuard, memos: MemoService): void {
  const read = { 200: memoAnswer };

  app.post(
    '/api/memo',
    {
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
    { preParsing: guard.optional, schema: listSchema('Memos by a user, newest first', true) },
    listUser(false),
  );
  app.get(
    '/api/p/user/:id/memo',
    { schema: listSchema('Public memos by a user', false) },
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
      schema: listSchema('Memos of a collection, pinned first', true),
    },
    listCollection(false),
  );
  app.get(
    '/api/p/collection/:id/memo',
    { schema: listSchema('Memos of a collection, for visitors', false) },
    listCollection(true),
  );

  const pinQuery = z.object({ collection: z.string().max(64).optional() });
  for (const [path, pinned] of [
    ['/api/memo/pin_on_top/:id', true],
    ['/api/memo/unpin/:id', false],
  ] as const) {
    app.get(
      path,
      {
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: pinned ? 'Pin a memo on top of a collection' : 'Unpin a memo',
          params: idParams,
          querystring: pinQuery,
          response: read,
        },
      },
      async (request) =>
        memos.pin(
          authOf(request).userId,
          memoIdOf(request.params.id),
          optionalCollection(request.query.collection),
          pinned,
        ),
    );
  }

  app.get(
    '/api/memo/todo/:id/change',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Tick or untick a todo',
        params: idParams,
        response: { 200: memoTodoAnswer },
      },
    },
    async (request) => {
      const todoId = intIdFromIri(request.params.id);
      if (todoId === undefined) throw notFound('memo.todoNotFound');
      return memos.toggleTodo(authOf(request).userId, todoId);
    },
  );

  app.post(
    '/api/memo/copy/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Copy a memo into one of own collections',
        params: idParams,
        body: memoCopySchema.nullish(),
        response: { 201: memoAnswer },
      },
    },
    async (request, reply) => {
      const id = memoIdOf(request.params.id);
      const memo = await memos.copy(authOf(request).userId, id, request.body?.collection);
      return reply.code(201).send(memo);
    },
  );

  app.get(
    '/api/memo/:id/secret-link',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The memo’s own secret link (smt)',
        params: idParams,
        querystring: z.object({ refresh: z.string().max(10).optional() }),
        response: { 200: secretLinkAnswer },
      },
    },
    async (request) => {
      const refresh = ['1', 'true'].includes(request.query.refresh ?? '');
      return memos.secretLink(authOf(request).userId, memoIdOf(request.params.id), refresh);
    },
  );

  app.delete(
    '/api/memo/:id/delete-comment-watching',
    {
      preParsing: guard.required,
      schema: { tags, security, summary: 'Stop watching comments on a memo', params: idParams },
    },
    async (request, reply) => {
      await memos.unwatchComments(authOf(request).userId, memoIdOf(request.params.id));
      return reply.code(204).send();
    },
  );
}
