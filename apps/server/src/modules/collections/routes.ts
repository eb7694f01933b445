import { z } from 'zod';
import { PAGE_SIZES, collectionPatchSchema, collectionWriteSchema } from '@memoria/domain';
import type { FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { Viewer } from '../audience/index.js';
import { collectionAnswer, collectionListAnswer, memberListAnswer } from './answers.js';
import type { CollectionService } from './service.js';

const tags = ['collections'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });

const SECRET_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/** `collection_sec_link` (the web app's `secure_token`) opens a collection by its secret link. */
export const secretQuery = z
  .object({ collection_sec_link: z.string().max(128).optional() })
  .loose();
const listQuery = z
  .object({
    name: z
      .string()
      .max(200)
      .refine((value) => !value.includes('\u0000'), 'validation.invalid')
      .optional(),
    page: z.string().optional(),
    itemsPerPage: z.string().optional(),
    offset: z.string().optional(),
    collection_sec_link: z.string().max(128).optional(),
  })
  .loose();
const pagingQuery = z
  .object({
    page: z.string().optional(),
    itemsPerPage: z.string().optional(),
    offset: z.string().optional(),
    collection_sec_link: z.string().max(128).optional(),
  })
  .loose();

/** Who asks: the account the session acts for (null on /api/p/ routes) and the secret link. */
export function viewerOf(request: FastifyRequest, publicRoute = false): Viewer {
  const query = (request.query ?? {}) as { collection_sec_link?: unknown };
  const secret = query.collection_sec_link;
  return {
    userId: publicRoute ? null : (request.auth?.userId ?? null),
    // tokens are URL-safe base64; anything else can match none, so it is not looked up
    collectionSecret: typeof secret === 'string' && SECRET_SHAPE.test(secret) ? secret : null,
  };
}

/** The signed-in account as a viewer without any secret. */
export const accountViewer = (request: FastifyRequest): Viewer & { userId: number } => ({
  userId: authOf(request).userId,
});

const COLLECTION_PAGING = {
  defaultItemsPerPage: PAGE_SIZES.collections,
  maxItemsPerPage: PAGE_SIZES.collections,
};
const MEMBER_PAGING = { defaultItemsPerPage: 100, maxItemsPerPage: PAGE_SIZES.connections };

export function registerCollectionRoutes(
  app: ZodApp,
  guard: AuthGuard,
  collections: CollectionService,
): void {
  app.post(
    '/api/collection',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Create a collection (docs/DOMAIN.md, Entities: Collection form)',
        body: collectionWriteSchema,
        response: { 201: collectionAnswer },
      },
    },
    async (request, reply) => {
      const created = await collections.create(authOf(request).userId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/collection/groups',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Distinct group names of your collections',
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => collections.groups(authOf(request).userId),
  );

  for (const publicRoute of [false, true]) {
    app.get(
      publicRoute ? '/api/p/collection/:id' : '/api/collection/:id',
      {
        ...(publicRoute ? {} : { preParsing: guard.required }),
        config: { answerCache: true },
        schema: {
          tags,
          ...(publicRoute ? {} : { security }),
          summary: publicRoute
            ? 'A collection, for visitors (public, or by its secret link)'
            : 'A collection you may read',
          params: idParams,
          querystring: secretQuery,
          response: { 200: collectionAnswer },
        },
      },
      async (request) => collections.read(viewerOf(request, publicRoute), request.params.id),
    );

    app.get(
      publicRoute ? '/api/p/user/:id/collection' : '/api/user/:id/collection',
      {
        ...(publicRoute ? {} : { preParsing: guard.required }),
        config: { answerCache: true },
        schema: {
          tags,
          ...(publicRoute ? {} : { security }),
          summary: publicRoute
            ? "A user's public collections"
            : "A user's collections you may see; yours include those you collaborate on",
          params: idParams,
          querystring: listQuery,
          response: { 200: collectionListAnswer },
        },
      },
      async (request, reply) => {
        const userId = intIdFromIri(request.params.id, 'user');
        if (userId === undefined) throw notFound();
        const paging = parsePaging(request.query, COLLECTION_PAGING);
        const { members, total } = await collections.listOfUser(
          viewerOf(request, publicRoute),
          userId,
          { name: request.query.name, limit: paging.itemsPerPage, offset: paging.offset },
        );
        return sendCollection(request, reply, members, total);
      },
    );
  }

  app.put(
    '/api/collection/:id',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Replace a collection you own',
        params: idParams,
        body: collectionWriteSchema,
        response: { 200: collectionAnswer },
      },
    },
    async (request) => collections.replace(accountViewer(request), request.params.id, request.body),
  );

  app.patch(
    '/api/collection/:id',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Change some fields of a collection you own (merge-patch)',
        params: idParams,
        body: collectionPatchSchema,
        response: { 200: collectionAnswer },
      },
    },
    async (request) => collections.patch(accountViewer(request), request.params.id, request.body),
  );

  app.delete(
    '/api/collection/:id',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Delete a collection you own, with the memos that are in it alone',
        params: idParams,
      },
    },
    async (request, reply) => {
      await collections.remove(accountViewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/collection/:id/user',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Members: the owner first, then who may read the collection',
        params: idParams,
        querystring: pagingQuery,
        response: { 200: memberListAnswer },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, MEMBER_PAGING);
      const { members, total } = await collections.members(viewerOf(request), request.params.id, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.get(
    '/api/collection/:id/secret-link',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The secret link of a collection you own (refresh=1 replaces it)',
        params: idParams,
        querystring: z.object({ refresh: z.string().max(10).optional() }).loose(),
        response: { 200: z.object({ secret_link: z.string() }) },
      },
    },
    async (request) => {
      const refresh = ['1', 'true'].includes(request.query.refresh ?? '');
      return collections.secretLink(accountViewer(request), request.params.id, refresh);
    },
  );

  app.get(
    '/api/collection/:id/secure-token',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          "The collection's call token (owner, or readers when user_can_join_call); the owner's refresh=1 replaces it",
        params: idParams,
        querystring: secretQuery.extend({ refresh: z.string().max(10).optional() }),
        response: { 200: z.object({ call_secure_token: z.string() }) },
      },
    },
    async (request) =>
      collections.callToken(
        viewerOf(request),
        request.params.id,
        ['1', 'true'].includes(request.query.refresh ?? ''),
      ),
  );
}
