import type {
  Collection,
  CollectionPatch,
  CollectionWriteParsed,
  UserSummary,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ValidationFailed, notFound } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { collectionNotFound, loadCollectionForViewer, loadOwnCollection } from './access.js';
import { presentCollection, presentUserSummary } from './present.js';
import { enforceCollectionRules, userIdsOf, type CollectionRuleData } from './rules.js';
import {
  attachmentsGoingWith,
  deleteCollectionAndOwnMemos,
  findViewedCollection,
  groupNamesOf,
  insertCollection,
  listViewedCollections,
  replaceSelectedUsers,
  selectedUserIds,
  selectedUsersOf,
  updateCollection,
  type CollectionValues,
  type SelectedUserRow,
  type ViewedCollectionRow,
} from './store.js';
import { listMembers } from './relations-store.js';
import { newCollectionId } from './tokens.js';
import type { MediaService } from '../media/index.js';
import { createCollectionLinks } from './links.js';
import { createCollectionPictures } from './picture.js';
import { favouriteIdsForCollections } from '../favourites/index.js';
import { recordCollectionShared, sharingOf } from '../notifications/index.js';
import { findAccount } from '../users/service.js';
import { blockedEitherWay } from '../blocks/service.js';
import { createTransferCleanup } from '../transfer/cleanup.js';

export { loadCollectionForViewer } from './access.js';
export { presentCollectionRef, presentUserSummary } from './present.js';

/** Attempts at a fresh random id before giving up (a collision is ~1 in 10^17). */
const ID_ATTEMPTS = 5;
/** Group names answered at most. */
const GROUP_NAMES_MAX = 10_000;

export interface CollectionMemberAnswer {
  id: number;
  user: UserSummary;
  role: 'owner' | 'member';
}

/** The full form after parsing: what POST and PUT send, and PATCH merged over the stored row. */
type CollectionForm = Omit<CollectionWriteParsed, 'users_per_collection' | 'private'> & {
  users_per_collection: number[];
};

function formOfRow(row: ViewedCollectionRow, selected: number[]): CollectionForm {
  return {
    name: row.name,
    description: row.description,
    type: row.type as CollectionForm['type'],
    users_per_collection: selected,
    is_collaboration: readBool(row.is_collaboration),
    collaboration_on_checklist: readBool(row.collaboration_on_checklist),
    allow_add_documents: readBool(row.allow_add_documents),
    allow_replace_documents: readBool(row.allow_replace_documents),
    preserve_documents_version: readBool(row.preserve_documents_version),
    public_link_on: readBool(row.public_link_on),
    user_can_join_call: readBool(row.user_can_join_call),
    group_name: row.group_name,
  };
}

/** Selected people as ids; `private: true` (the form's old switch) means the private type. */
function formOfInput(input: CollectionWriteParsed): CollectionForm {
  const ids = userIdsOf(input.users_per_collection);
  if (!Array.isArray(ids)) throw new ValidationFailed([ids]);
  const { private: isPrivate, users_per_collection: _refs, ...rest } = input;
  return { ...rest, type: isPrivate ? 'private' : rest.type, users_per_collection: ids };
}

export function createCollectionService(ctx: AppContext, media: MediaService) {
  const { db, dialect } = ctx.database;
  const database = ctx.database;
  const pictures = createCollectionPictures(media);
  const transfers = createTransferCleanup(ctx);

  function valuesOf(form: CollectionRuleData & CollectionForm, modifiedBy: number) {
    const values: Omit<CollectionValues, 'picture_id' | 'secret_token' | 'call_secure_token'> = {
      modified_by_id: modifiedBy,
      type: form.type,
      name: form.name,
      description: form.description ? form.description : null,
      group_name: form.group_name ?? null,
      is_collaboration: dialect.bool(form.is_collaboration),
      collaboration_on_checklist: dialect.bool(form.collaboration_on_checklist),
      allow_add_documents: dialect.bool(form.allow_add_documents),
      allow_replace_documents: dialect.bool(form.allow_replace_documents),
      preserve_documents_version: dialect.bool(form.preserve_documents_version),
      public_link_on: dialect.bool(form.public_link_on),
      user_can_join_call: dialect.bool(form.user_can_join_call),
      transfer_collection: dialect.bool(false),
      updated_at: dialect.time(new Date()),
    };
    return values;
  }

  /**
   * Presents rows for `viewer` with what other modules add: the viewer's favourite rows
   * (favourites module) and the cover pictures' URLs (media module).
   */
  async function presenter(viewer: Viewer, rows: ViewedCollectionRow[]) {
    const favourites =
      viewer.userId === null || rows.length === 0
        ? new Map<string, number>()
        : await favouriteIdsForCollections(
            db,
            viewer.userId,
            rows.map((r) => r.id),
          );
    return (row: ViewedCollectionRow, selected: SelectedUserRow[]) =>
      presentCollection(row, viewer, selected, {
        favouriteId: favourites.get(row.id) ?? null,
        picture: pictures.urlOf(row),
      });
  }

  /** The collection as its owner sees it, after a write. */
  async function ownAnswer(id: string, ownerId: number): Promise<Collection> {
    const viewer: Viewer = { userId: ownerId };
    const row = await findViewedCollection(db, dialect, id, viewer);
    if (!row) throw collectionNotFound();
    const [selected, present] = await Promise.all([
      selectedUsersOf(db, [id]),
      presenter(viewer, [row]),
    ]);
    return present(row, selected);
  }

  /**
   * Saves the form over the stored collection: rules first (422, nothing written), then the
   * row and its selected people in one transaction.
   */
  async function saveOver(
    row: ViewedCollectionRow,
    form: CollectionForm,
    picture: CollectionWriteParsed['collection_picture'],
  ): Promise<Collection> {
    const events = await db.transaction().execute(async (trx) => {
      const value = await enforceCollectionRules(trx, dialect, row.user_id, form, {
        id: row.id,
        type: row.type,
        is_collaboration: readBool(row.is_collaboration),
        preserve_documents_version: readBool(row.preserve_documents_version),
      });
      const before = await sharingOf(trx, row.id);
      await updateCollection(trx, row.id, {
        ...valuesOf(value, row.user_id),
        ...(await pictures.apply(trx, row.id, row.user_id, picture)),
      });
      await replaceSelectedUsers(trx, dialect, row.id, value.users_per_collection);
      return recordCollectionShared(trx, dialect, row.id, row.user_id, before);
    });
    ctx.activity.dispatch(events);
    return ownAnswer(row.id, row.user_id);
  }

  return {
    ...createCollectionLinks(ctx),

    async create(ownerId: number, input: CollectionWriteParsed): Promise<Collection> {
      const form = formOfInput(input);
      for (let attempt = 1; ; attempt += 1) {
        const id = newCollectionId();
        try {
          const events = await db.transaction().execute(async (trx) => {
            const value = await enforceCollectionRules(trx, dialect, ownerId, form, null);
            await insertCollection(trx, {
              id,
              user_id: ownerId,
              created_at: dialect.time(new Date()),
              picture_id: null,
              secret_token: null,
              call_secure_token: null,
              ...valuesOf(value, ownerId),
            });
            await replaceSelectedUsers(trx, dialect, id, value.users_per_collection);
            const picture = await pictures.apply(trx, id, ownerId, input.collection_picture);
            if (picture.picture_id !== undefined) await updateCollection(trx, id, picture);
            return recordCollectionShared(trx, dialect, id, ownerId, null);
          });
          ctx.activity.dispatch(events);
          return await ownAnswer(id, ownerId);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= ID_ATTEMPTS) throw error;
        }
      }
    },

    /** PUT: the whole form replaces the stored one (collection_picture absent keeps the picture). */
    async replace(viewer: Viewer, id: string, input: CollectionWriteParsed): Promise<Collection> {
      const row = await loadOwnCollection(database, id, viewer);
      return saveOver(row, formOfInput(input), input.collection_picture);
    },

    /** PATCH (merge-patch): the given fields over the stored ones, judged as a whole. */
    async patch(viewer: Viewer, id: string, patch: CollectionPatch): Promise<Collection> {
      const row = await loadOwnCollection(database, id, viewer);
      const stored = formOfRow(row, await selectedUserIds(db, row.id));
      const given = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as CollectionPatch;
      const { collection_picture: picture, ...fields } = given;
      const merged = formOfInput({
        ...stored,
        ...fields,
        users_per_collection: fields.users_per_collection ?? stored.users_per_collection,
      } as CollectionWriteParsed);
      return saveOver(row, merged, picture);
    },

    /**
     * Deletes the collection and the memos that were in it alone, in one transaction; the
     * files of both go through the media service (storage freed, files removed after commit).
     * Transfers sent into it go too: their rows by cascade, their files after the commit.
     */
    async remove(viewer: Viewer, id: string): Promise<void> {
      const row = await loadOwnCollection(database, id, viewer);
      const transferFiles = await db.transaction().execute(async (trx) => {
        await media.deleteAttachments(trx, await attachmentsGoingWith(trx, row.id));
        const going = await transfers.takeCollection(trx, row.id);
        await deleteCollectionAndOwnMemos(trx, row.id);
        return going;
      });
      await transfers.removeFiles(transferFiles);
    },

    async read(viewer: Viewer, id: string): Promise<Collection> {
      const row = await loadCollectionForViewer(database, id, viewer);
      const [selected, present] = await Promise.all([
        viewer.userId === row.user_id ? selectedUsersOf(db, [row.id]) : [],
        presenter(viewer, [row]),
      ]);
      return present(row, selected);
    },

    /**
     * The collections of `userId` the viewer may see; for the viewer's own id also the
     * collections of others they may add memos to.
     */
    async listOfUser(
      viewer: Viewer,
      userId: number,
      query: { name?: string; limit: number; offset: number },
    ): Promise<{ members: Collection[]; total: number }> {
      const owner = await findAccount(db, userId);
      if (!owner) throw notFound();
      // docs/RULES.md, Blocking: each is hidden from the other, as if they did not exist
      const me = viewer.userId;
      if (me !== null && me !== userId && (await blockedEitherWay(db, me, userId)))
        throw notFound();
      const { rows, total } = await listViewedCollections(db, dialect, viewer, {
        ownerId: userId,
        withCollaborations: viewer.userId === userId,
        name: query.name?.trim() || undefined,
        limit: query.limit,
        offset: query.offset,
      });
      const owned = rows.filter((r) => r.user_id === viewer.userId).map((r) => r.id);
      const [selected, present] = await Promise.all([
        selectedUsersOf(db, owned),
        presenter(viewer, rows),
      ]);
      const members = rows.map((r) => present(r, selected));
      return { members, total };
    },

    /** The owner first, then who may read it; for those who may read it themselves. */
    async members(
      viewer: Viewer,
      id: string,
      paging: { limit: number; offset: number },
    ): Promise<{ members: CollectionMemberAnswer[]; total: number }> {
      const row = await loadCollectionForViewer(database, id, viewer);
      const { rows, total } = await listMembers(db, dialect, row, viewer, paging);
      return {
        members: rows.map((m) => ({
          id: m.id,
          user: presentUserSummary(m.id, m.name, m.avatar_id),
          role: m.id === row.user_id ? 'owner' : 'member',
        })),
        total,
      };
    },

    groups(userId: number): Promise<string[]> {
      return groupNamesOf(db, userId, GROUP_NAMES_MAX);
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService> &
  ReturnType<typeof createCollectionLinks>;
