import { z } from 'zod';
import { PAGE_SIZES, suggestionExcludeSchema } from '@memoria/domain';
import type { FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { publicProfileAnswer } from './answers.js';
import {
  idParams,
  pagingFields,
  security,
  userIdFromPath,
  userRefFrom,
  listAnswer,
} from '../../http/route-schemas.js';
import type { ProfileService } from './service.js';

const tags = ['profile'];
const previewQuery = z.object({ preview: z.string().max(10).optional() }).loose();
const searchQuery = z.object({ ...pagingFields, search: z.string().max(200).optional() }).loose();
const PAGING = { defaultItemsPerPage: PAGE_SIZES.publicProfiles, maxItemsPerPage: 100 };
const suggestionAnswer = z.object({
  id: z.number(),
  userDoNotSuggest: z.string(),
  created_at: z.string(),
});

const isPreview = (value: string | undefined) => value === '1' || value === 'true';

export function registerProfileRoutes(app: ZodApp, guard: AuthGuard, profiles: ProfileService) {
  const maybeViewer = (request: FastifyRequest) => request.auth?.userId ?? null;

  app.get(
    '/api/user/:id/combined',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          "A person's profile with counts, following and connection status; preview=1 on your own shows it as others see it",
        params: idParams,
        querystring: previewQuery,
        response: { 200: publicProfileAnswer },
      },
    },
    (request) =>
      profiles.combined(
        authOf(request).userId,
        userIdFromPath(request.params.id),
        isPreview(request.query.preview),
      ),
  );

  app.get(
    '/api/p/user/:id',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary: 'A public profile (its owner previews it with preview=1)',
        params: idParams,
        querystring: previewQuery,
        response: { 200: publicProfileAnswer },
      },
    },
    (request) =>
      profiles.publicProfile(
        maybeViewer(request),
        userIdFromPath(request.params.id),
        isPreview(request.query.preview),
      ),
  );

  app.get(
    '/api/p/profile/:slug',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary: 'A public profile by its slug (404 while it is off or for an unknown slug)',
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: publicProfileAnswer },
      },
    },
    (request) =>
      profiles.publicProfileBySlug(maybeViewer(request), request.params.slug.toLowerCase()),
  );

  app.get(
    '/api/user/profiles/public',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary: 'Search public profiles by name (page size 10)',
        querystring: searchQuery,
        response: { 200: listAnswer(publicProfileAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await profiles.search(maybeViewer(request), {
        search: request.query.search,
        limit: paging.itemsPerPage,
        offset: paging.offset,
        total: 'exact',
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.post(
    '/api/suggestion_exclude',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Do not suggest this person to me again',
        body: suggestionExcludeSchema,
        response: { 200: suggestionAnswer, 201: suggestionAnswer },
      },
    },
    async (request, reply) => {
      const userId = userRefFrom(request.body.userDoNotSuggest, 'userDoNotSuggest');
      const { created, answer } = await profiles.excludeSuggestion(authOf(request).userId, userId);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}
