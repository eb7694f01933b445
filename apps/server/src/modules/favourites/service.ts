import type { Kysely } from 'kysely';
import { initialsOf, type Favourite } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readBool } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import {
  deleteFavourite,
  findCollectionFavourite,
  findFavourite,
  insertFavourite,
  listFavouriteCollections,
  listFavouriteContacts,
  deleteFavouritesBetween,
  findVisibleCollection,
} from './store.js';
import { isDuplicate } from '../../db/errors.js';
import { findPerson, isAvailable, loadPeople, pictureOf } from '../users/people.js';
import { blockedEitherWay } from '../blocks/service.js';
import { hasContact } from '../connections/service.js';

const favouriteNotFound = () => new ApiError(404, 'favourites.notFound');
const COLLECTION_ID = /^[A-Za-z0-9]{10}$/;

/** Favourite collections and contacts (docs/DOMAIN.md, Entities: Favourite; docs/API.md, Calls). */
export function createFavouriteService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  async function visibleCollection(viewer: number, id: string) {
    if (!COLLECTION_ID.test(id)) return undefined;
    return findVisibleCollection(db, dialect, viewer, id);
  }

  const collectionFavourite = (
    row: {
      id: number;
      created_at: unknown;
      collection_id: string;
      name: string;
      owner_id: number;
      is_collaboration: unknown;
    },
    viewer: number,
  ): Favourite => ({
    id: row.id,
    '@id': `/api/favourite-collection/${row.id}`,
    type: 'collection',
    collectionId: row.collection_id,
    userId: null,
    isOwner: row.owner_id === viewer,
    isCollaboration: readBool(row.is_collaboration),
    name: row.name,
    picture: null,
    label: initialsOf(row.name),
    created_at: isoTime(row.created_at) ?? '',
  });

  async function insertOnce(
    viewer: number,
    target: { collectionId: string } | { userId: number },
    path: string,
  ) {
    try {
      return await insertFavourite(db, dialect, viewer, target);
    } catch (error) {
      if (isDuplicate(error)) throw violation(path, 'favourites.already');
      throw error;
    }
  }

  async function presentContacts(
    viewer: number,
    rows: Array<{ id: number; created_at: unknown; favourite_user_id: number | null }>,
  ): Promise<Favourite[]> {
    const people = await loadPeople(
      db,
      rows.flatMap((r) => (r.favourite_user_id === null ? [] : [r.favourite_user_id])),
    );
    return rows.flatMap((row) => {
      const person = row.favourite_user_id === null ? undefined : people.get(row.favourite_user_id);
      if (!person) return [];
      return [
        {
          id: row.id,
          '@id': `/api/favourite-contact/${row.id}`,
          type: 'connection' as const,
          collectionId: null,
          userId: person.id,
          isOwner: false,
          isCollaboration: false,
          name: person.name,
          picture: pictureOf(person),
          label: initialsOf(person.name),
          created_at: isoTime(row.created_at) ?? '',
        },
      ];
    });
  }

  return {
    async listCollections(viewer: number, page: { limit: number; offset: number }) {
      const { rows, total } = await listFavouriteCollections(db, dialect, viewer, page);
      return { members: rows.map((row) => collectionFavourite(row, viewer)), total };
    },

    async addCollection(viewer: number, collectionId: string): Promise<Favourite> {
      const collection = await visibleCollection(viewer, collectionId);
      if (!collection) throw new ApiError(404, 'social.collectionNotFound');
      const id = await insertOnce(viewer, { collectionId: collection.id }, 'collection');
      const row = await findFavourite(db, viewer, id);
      return collectionFavourite(
        {
          id,
          created_at: row?.created_at,
          collection_id: collection.id,
          name: collection.name,
          owner_id: collection.user_id,
          is_collaboration: collection.is_collaboration,
        },
        viewer,
      );
    },

    /** DELETE /api/favourite-collection/{id}: the favourite's id, or the collection's. */
    async removeCollection(viewer: number, id: string): Promise<void> {
      let row = /^\d{1,10}$/.test(id) ? await findFavourite(db, viewer, Number(id)) : undefined;
      if (row?.type !== 'collection' && COLLECTION_ID.test(id)) {
        row = await findCollectionFavourite(db, viewer, id);
      }
      if (!row || row.type !== 'collection') throw favouriteNotFound();
      await deleteFavourite(db, row.id);
    },

    async listContacts(viewer: number, page: { limit: number; offset: number }) {
      const { rows, total } = await listFavouriteContacts(db, viewer, page);
      return { members: await presentContacts(viewer, rows), total };
    },

    async addContact(viewer: number, userId: number): Promise<Favourite> {
      const person = await findPerson(db, userId);
      if (!person || !isAvailable(person) || (await blockedEitherWay(db, viewer, userId))) {
        throw new ApiError(404, 'social.userNotFound');
      }
      if (!(await hasContact(db, viewer, userId)))
        throw violation('favouriteUser', 'favourites.notContact');
      const id = await insertOnce(viewer, { userId }, 'favouriteUser');
      const row = await findFavourite(db, viewer, id);
      const [favourite] = await presentContacts(viewer, [
        { id, created_at: row?.created_at, favourite_user_id: userId },
      ]);
      if (!favourite) throw favouriteNotFound();
      return favourite;
    },

    async removeContact(viewer: number, id: string): Promise<void> {
      const row = /^\d{1,10}$/.test(id) ? await findFavourite(db, viewer, Number(id)) : undefined;
      if (!row || row.type !== 'connection') throw favouriteNotFound();
      await deleteFavourite(db, row.id);
    },
  };
}

export type FavouriteService = ReturnType<typeof createFavouriteService>;

/** Favourites a and b keep of each other or of each other's collections removed, for a block: call it inside the block's transaction. */
export function dropFavouritesBetween(
  db: Kysely<DatabaseSchema>,
  a: number,
  b: number,
): Promise<void> {
  return deleteFavouritesBetween(db, a, b);
}
