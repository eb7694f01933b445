import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import type { MediaService } from '../media/index.js';
import { picturesOf } from './store.js';

/**
 * The cover picture (docs/DOMAIN.md, Entities: collection_picture): an upload from
 * POST /api/collection/picture, attached and presented through the media service.
 */
export function createCollectionPictures(media: MediaService) {
  return {
    /** The picture's signed 550w URL; the caller has checked the viewer may see the collection. */
    urlOf(row: { picture_id: number | null }): string | null {
      return row.picture_id === null ? null : media.pictureUrlFor(row.picture_id);
    },

    /**
     * Applies `collection_picture` of a write inside its transaction: absent keeps the
     * picture, null removes it (its storage freed), an attachment IRI or id makes that upload
     * the picture (422 on collection_picture when it is not the owner's ready photo).
     * Answers the picture_id to store, if it changes.
     */
    async apply(
      trx: Kysely<DatabaseSchema>,
      collectionId: string,
      ownerId: number,
      picture: string | number | null | undefined,
    ): Promise<{ picture_id?: number | null }> {
      if (picture === undefined) return {};
      if (picture === null) {
        await media.deleteAttachments(trx, await picturesOf(trx, collectionId));
        return { picture_id: null };
      }
      const attachmentId = intIdFromIri(picture);
      if (attachmentId === undefined) throw violation('collection_picture', 'validation.invalid');
      await media.attachPictureToCollection(trx, attachmentId, collectionId, ownerId);
      return { picture_id: attachmentId };
    },
  };
}

export type CollectionPictures = ReturnType<typeof createCollectionPictures>;
