import { z } from 'zod';
import { PAGE_SIZES, followSchema, followerDeclineSchema } from '@memoria/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { pagingFields, security, userRefFrom, listAnswer } from '../../http/route-schemas.js';
import type { FollowService } from './service.js';
import { followEntryAnswer } from './answers.js';

const tags = ['follows'];
const PAGING = {
  defaultItemsPerPage: PAGE_SIZES.followings,
  maxItemsPerPage: PAGE_SIZES.followings,
};
const listQuery = z.object({ ...pagingFields, search: z.string().max(200).optional() }).loose();
const followAnswer = z.object({
  follower: z.string(),
  following: z.string(),
  following_status: z.literal('active'),
  created_at: z.string(),
});

export function registerFollowRoutes(app: ZodApp, guard: AuthGuard, follows: FollowService): void {
  app.post(
    '/api/follow',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Follow someone',
        body: followSchema,
        response: { 201: followAnswer },
      },
    },
    async (request, reply) => {
      const following = userRefFrom(request.body.following, 'following');
      return reply.code(201).send(await follows.follow(authOf(request).userId, following));
    },
  );

  app.post(
    '/api/follower_unfollow',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Stop following someone', body: followSchema },
    },
    async (request, reply) => {
      const following = userRefFrom(request.body.following, 'following');
      await follows.unfollow(authOf(request).userId, following);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/follower_decline',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Remove one of your followers (they are told)',
        body: followerDeclineSchema,
      },
    },
    async (request, reply) => {
      const follower = userRefFrom(request.body.follower, 'follower');
      await follows.decline(authOf(request).userId, follower);
      return reply.code(204).send();
    },
  );

  const list =
    (direction: 'followers' | 'followings') =>
    async (
      request: FastifyRequest<{ Querystring: z.infer<typeof listQuery> }>,
      reply: FastifyReply,
    ) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await follows.list(authOf(request).userId, direction, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
        search: request.query.search,
      });
      return sendCollection(request, reply, members, total);
    };

  for (const direction of ['followings', 'followers'] as const) {
    app.get(
      `/api/${direction}`,
      {
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: direction === 'followings' ? 'People you follow' : 'People who follow you',
          querystring: listQuery,
          response: { 200: listAnswer(followEntryAnswer) },
        },
      },
      list(direction),
    );
  }
}
