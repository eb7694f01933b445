import { z } from 'zod';
import { REACTION_TYPES, reactionCreateSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { listOf } from '../comments/answers.js';
import { userSummaryAnswer } from '../memos/answers.js';
import type { ReactionService } from './service.js';

const tags = ['reactions'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });
const pagingQuery = z.object({
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
});
const PAGING = { defaultItemsPerPage: 100, maxItemsPerPage: 1000 };

const reactionAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  memo: z.string(),
  reaction_type: z.enum(REACTION_TYPES),
  reactions: z.record(z.string(), z.number()).describe('the memo counts per type after it'),
});
const reactionItem = z.object({
  id: z.number(),
  '@id': z.string(),
  memo: z.string(),
  reaction_type: z.enum(REACTION_TYPES),
  user: userSummaryAnswer,
  createdAt: z.string(),
});

const memoIdOf = (raw: unknown): number => {
  const id = intIdFromIri(raw, 'memo');
  if (id === undefined) throw notFound('memo.notFound');
  return id;
};

export function registerReactionRoutes(
  app: ZodApp,
  guard: AuthGuard,
  reactions: ReactionService,
): void {
  app.post(
    '/api/memo/reaction',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'React to a memo; a second reaction of another type replaces the first',
        body: reactionCreateSchema,
        response: { 201: reactionAnswer },
      },
    },
    async (request, reply) => {
      const answer = await reactions.react(
        authOf(request).userId,
        memoIdOf(request.body.memo),
        request.body.reaction_type,
      );
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/api/memo/reaction/:id',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Remove your reaction', params: idParams },
    },
    async (request, reply) => {
      const id = intIdFromIri(request.params.id, 'memo/reaction');
      if (id === undefined) throw notFound('reaction.notFound');
      await reactions.remove(authOf(request).userId, id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/memo/:id/reactions',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        security,
        summary: 'Who reacted to a memo and how, newest first',
        params: idParams,
        querystring: pagingQuery,
        response: { 200: listOf(reactionItem) },
      },
    },
    async (request, reply) => {
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const { members, total } = await reactions.list(
        request.auth?.userId ?? null,
        memoIdOf(request.params.id),
        { limit: itemsPerPage, offset },
      );
      return sendCollection(request, reply, members, total);
    },
  );
}
