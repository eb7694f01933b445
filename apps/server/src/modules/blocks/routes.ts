import { z } from 'zod';
import { PAGE_SIZES, blockSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import {
  idParams,
  pagingQuery,
  security,
  userIdFromPath,
  userRefFrom,
  listAnswer,
} from '../../http/route-schemas.js';
import type { BlockService } from './service.js';
import { userSummaryAnswer } from '../users/people-answers.js';

const tags = ['blocks'];
const PAGING = {
  defaultItemsPerPage: PAGE_SIZES.connections,
  maxItemsPerPage: PAGE_SIZES.connections,
};
const blockAnswer = z.object({
  '@id': z.string(),
  user: userSummaryAnswer,
  created_at: z.string(),
});

export function registerBlockRoutes(app: ZodApp, guard: AuthGuard, blocks: BlockService): void {
  app.post(
    '/api/block',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'Block someone: removes the connection and following both ways; each is hidden from the other',
        body: blockSchema,
        response: { 201: blockAnswer },
      },
    },
    async (request, reply) => {
      const blocked = userRefFrom(request.body.blocked, 'blocked');
      return reply.code(201).send(await blocks.block(authOf(request).userId, blocked));
    },
  );

  app.delete(
    '/api/block/:id',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Unblock someone (their user id)', params: idParams },
    },
    async (request, reply) => {
      await blocks.unblock(authOf(request).userId, userIdFromPath(request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/blocks',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'People you blocked',
        querystring: pagingQuery,
        response: { 200: listAnswer(blockAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await blocks.list(authOf(request).userId, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );
}
