import {
  PAGE_SIZES,
  favouriteCollectionSchema,
  favouriteContactSchema,
  idFromIri,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import {
  idParams,
  pagingQuery,
  security,
  userRefFrom,
  listAnswer,
} from '../../http/route-schemas.js';
import type { FavouriteService } from './service.js';
import { favouriteAnswer } from './answers.js';

const tags = ['favourites'];
const PAGING = {
  defaultItemsPerPage: PAGE_SIZES.collections,
  maxItemsPerPage: PAGE_SIZES.collections,
};
const favouriteList = listAnswer(favouriteAnswer);

export function registerFavouriteRoutes(
  app: ZodApp,
  guard: AuthGuard,
  favourites: FavouriteService,
): void {
  app.get(
    '/api/favourite-collection',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your favourite collections (those you may still see)',
        querystring: pagingQuery,
        response: { 200: favouriteList },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await favourites.listCollections(authOf(request).userId, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.post(
    '/api/favourite-collection',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Mark a collection you may see as favourite',
        body: favouriteCollectionSchema,
        response: { 201: favouriteAnswer },
      },
    },
    async (request, reply) => {
      const id = idFromIri(request.body.collection, 'collection');
      if (id === undefined) throw new ApiError(404, 'social.collectionNotFound');
      return reply.code(201).send(await favourites.addCollection(authOf(request).userId, id));
    },
  );

  app.delete(
    '/api/favourite-collection/:id',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Unmark a favourite collection (the favourite id, or the collection id)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await favourites.removeCollection(authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/favourite-contact',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Your favourite contacts (connections only)',
        querystring: pagingQuery,
        response: { 200: favouriteList },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await favourites.listContacts(authOf(request).userId, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.post(
    '/api/favourite-contact',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Mark one of your connections as favourite',
        body: favouriteContactSchema,
        response: { 201: favouriteAnswer },
      },
    },
    async (request, reply) => {
      const userId = userRefFrom(request.body.favouriteUser, 'favouriteUser');
      return reply.code(201).send(await favourites.addContact(authOf(request).userId, userId));
    },
  );

  app.delete(
    '/api/favourite-contact/:id',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Unmark a favourite contact (the favourite id)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await favourites.removeContact(authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
