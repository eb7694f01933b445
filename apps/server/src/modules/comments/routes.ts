import { z } from 'zod';
import { PAGE_SIZES, commentCreateSchema, commentPatchSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound, violation } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { userSummaryAnswer } from '../memos/answers.js';
import { commentAnswer, listOf } from './answers.js';
import type { CommentService } from './service.js';

const tags = ['comments'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });
const pagingQuery = z.object({
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
});
const PAGING = { defaultItemsPerPage: PAGE_SIZES.comments, maxItemsPerPage: PAGE_SIZES.comments };
// the composer takes them all at once, as it took the connections list before
const MENTIONABLE_PAGING = {
  defaultItemsPerPage: PAGE_SIZES.connections,
  maxItemsPerPage: PAGE_SIZES.connections,
};

const memoIdOf = (raw: unknown) => intIdFromIri(raw, 'memo') ?? notFoundMemo();
const commentIdOf = (raw: unknown) => intIdFromIri(raw, 'memo/comment') ?? notFoundComment();
const notFoundMemo = (): never => {
  throw notFound('memo.notFound');
};
const notFoundComment = (): never => {
  throw notFound('comment.notFound');
};

export function registerCommentRoutes(
  app: ZodApp,
  guard: AuthGuard,
  comments: CommentService,
): void {
  app.post(
    '/api/memo/comment',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Comment on a memo, or answer a comment (parent)',
        body: commentCreateSchema,
        response: { 201: commentAnswer },
      },
    },
    async (request, reply) => {
      const { memo, description, parent } = request.body;
      let parentId: number | null = null;
      if (parent !== undefined && parent !== null) {
        const id = intIdFromIri(parent, 'memo/comment');
        if (id === undefined) throw violation('parent', 'comment.parentNotFound');
        parentId = id;
      }
      const comment = await comments.create(authOf(request).userId, {
        memoId: memoIdOf(memo),
        description,
        parentId,
      });
      return reply.code(201).send(comment);
    },
  );

  app.get(
    '/api/memo/:id/comments',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        security,
        summary: 'Top-level comments of a memo, oldest first, with their reply counts',
        params: idParams,
        querystring: pagingQuery,
        response: { 200: listOf(commentAnswer) },
      },
    },
    async (request, reply) => {
      const memoId = memoIdOf(request.params.id);
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const { members, total } = await comments.list(request.auth?.userId ?? null, memoId, {
        limit: itemsPerPage,
        offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.get(
    '/api/memo/:id/mentionable',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Whom you may mention in a comment on this memo: your connections who see its comments, by name',
        params: idParams,
        querystring: pagingQuery.extend({ search: z.string().max(100).optional() }),
        response: { 200: listOf(userSummaryAnswer) },
      },
    },
    async (request, reply) => {
      const memoId = memoIdOf(request.params.id);
      const { itemsPerPage, offset } = parsePaging(request.query, MENTIONABLE_PAGING);
      const { members, total } = await comments.mentionable(authOf(request).userId, memoId, {
        search: request.query.search,
        limit: itemsPerPage,
        offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.get(
    '/api/comment/:id/reply',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        security,
        summary: 'Answers to a comment, oldest first',
        params: idParams,
        querystring: pagingQuery,
        response: { 200: listOf(commentAnswer) },
      },
    },
    async (request, reply) => {
      const id = commentIdOf(request.params.id);
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const { members, total } = await comments.replies(request.auth?.userId ?? null, id, {
        limit: itemsPerPage,
        offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.patch(
    '/api/memo/comment/:id',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Change the text of your comment',
        params: idParams,
        body: commentPatchSchema,
        response: { 200: commentAnswer },
      },
    },
    async (request) =>
      comments.edit(
        authOf(request).userId,
        commentIdOf(request.params.id),
        request.body.description,
      ),
  );

  app.delete(
    '/api/memo/comment/:id',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Delete your comment, or one on your memo (its answers go with it)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await comments.remove(authOf(request).userId, commentIdOf(request.params.id));
      return reply.code(204).send();
    },
  );
}
