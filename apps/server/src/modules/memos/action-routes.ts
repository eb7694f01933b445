import { z } from 'zod';
import { memoCopySchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import { idParams, security } from '../../http/route-schemas.js';
import type { ZodApp } from '../../http/zod-app.js';
import { memoAnswer, memoTodoAnswer, secretLinkAnswer } from './answers.js';
import { memoIdOf, optionalCollection, tags } from './route-helpers.js';
import type { MemoService } from './service.js';

/** Pin and unpin, todo ticks, copy, the memo's secret link, comment watching. */
export function registerMemoActionRoutes(app: ZodApp, guard: AuthGuard, memos: MemoService): void {
  const read = { 200: memoAnswer };
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
      config: { right: 'memos' },
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
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Stop watching comments on a memo', params: idParams },
    },
    async (request, reply) => {
      await memos.unwatchComments(authOf(request).userId, memoIdOf(request.params.id));
      return reply.code(204).send();
    },
  );
}
