import type { Kysely } from 'kysely';
import {
  canAddDocuments,
  isMemoOwner,
  type Attachment,
  type AttachmentKind,
} from '@memoria/domain';
import type { Database } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';
import { ApiError, forbidden, violation } from '../../http/errors.js';
import { ACTIVITY_DISPATCH_JOB, recordActivities } from '../../events/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Viewer } from '../audience/index.js';
import {
  collectionAccess,
  collectionDocuments,
  markReplaced,
  memoAudienceForDocuments,
  memoDocumentRights,
  nextDocumentSequence,
  olderVersions,
  placeDocument,
  updateAttachmentText,
} from './documents-store.js';
import type { MediaService } from './service.js';
import {
  attachmentAccess,
  findAttachment,
  findAttachmentForUpdate,
  memoAuthor,
  type AttachmentRow,
} from './store.js';

type Trx = Kysely<DatabaseSchema>;

/** Activity event types (docs/DOMAIN.md, Entities) for the notifications work. */
export const NEW_DOCUMENT_EVENT = 'new_document_added_to_memo';
export const REPLACED_DOCUMENT_EVENT = 'document_replaced_in_memo';

/** Where a document upload goes, decided before its bytes are read. */
export interface DocumentPlan {
  /** null: a loose upload, attached when its memo is saved with it in memo_documents */
  memoId: number | null;
  replaces: AttachmentRow | null;
  preserve: boolean;
  description: string | null;
}

export interface MemoDocument extends Attachment {
  /** the memo it belongs to, `/api/memo/{id}` */
  memo: string;
  /** older versions are kept (collection preserve_documents_version) */
  has_versions: boolean;
  memo_title: string;
  /** the viewer may upload a new version (uploader, memo author, or allow_replace_documents collaborator) */
  can_replace: boolean;
  /** the viewer may delete it (uploader or memo author) */
  can_delete: boolean;
}

const isLiveDocument = (row: AttachmentRow | undefined): row is AttachmentRow =>
  row !== undefined &&
  row.type === 'document' &&
  row.owner_kind === 'memo' &&
  row.memo_id !== null &&
  row.status === 'ready';

/**
 * Documents on memos (issue 4, docs/DOMAIN.md, States: Attachment): order and description,
 * replacing with a new version (kept as a version when a collection of the memo has
 * preserve_documents_version, else deleted and its storage freed), version lists and the
 * documents of a collection. Collaborators may add or replace documents as the
 * collection's allow_add_documents / allow_replace_documents say.
 */
export function createDocumentService(
  database: Database,
  media: MediaService,
  /** delivers the recorded notifications once the upload has committed (durable job) */
  jobs?: Pick<JobQueue, 'enqueue'>,
) {
  const { db, dialect } = database;

  async function dispatchLater(trx: Trx, eventIds: number[]) {
    if (jobs && eventIds.length > 0) {
      await jobs.enqueue(ACTIVITY_DISPATCH_JOB, { ids: eventIds }, { db: trx });
    }
  }

  async function rightsOn(memoId: number, userId: number) {
    const rights = await memoDocumentRights(db, dialect, memoId, userId);
    if (!rights) throw violation('memo', 'validation.invalid');
    return rights;
  }

  /**
   * Checks an upload before it is read: to memo `memoId` (its author, or a collaborator
   * where documents may be added) or replacing document `replaceId` (its uploader, the
   * memo's author, or a collaborator where documents may be replaced).
   */
  async function plan(
    userId: number,
    request: { memoId: number | null; replaceId: number | null; description: string | null },
  ): Promise<DocumentPlan> {
    if (request.replaceId !== null) {
      const old = await findAttachment(db, request.replaceId);
      if (!isLiveDocument(old)) throw violation('replace_document_id', 'validation.invalid');
      const rights = await rightsOn(old.memo_id as number, userId);
      if (!rights.visible) throw violation('replace_document_id', 'validation.invalid');
      if (old.replaced_by_document_id !== null) throw new ApiError(409, 'media.documentReplaced');
      const allowed = old.user_id === userId || rights.authorId === userId || rights.mayReplace;
      if (!allowed) throw forbidden();
      return {
        memoId: old.memo_id,
        replaces: old,
        preserve: rights.preserve,
        description: request.description,
      };
    }
    if (request.memoId === null) {
      return { memoId: null, replaces: null, preserve: false, description: request.description };
    }
    const rights = await rightsOn(request.memoId, userId);
    if (!rights.visible) throw violation('memo', 'validation.invalid');
    const mayAdd = canAddDocuments({
      isOwner: isMemoOwner(rights.authorId, userId),
      collaborativeCollectionAllows: rights.mayAdd,
    });
    if (!mayAdd) throw forbidden();
    return {
      memoId: request.memoId,
      replaces: null,
      preserve: false,
      description: request.description,
    };
  }

  /** The step of the upload transaction that places the new document (see plan). */
  function finisher(userId: number, chosen: DocumentPlan) {
    return async (trx: Trx, id: number): Promise<void> => {
      if (chosen.memoId === null) {
        if (chosen.description !== null)
          await updateAttachmentText(trx, dialect, id, { description: chosen.description });
        return;
      }
      const memoId = chosen.memoId;
      if (!chosen.replaces) {
        await placeDocument(trx, dialect, id, {
          memoId,
          sequenceNumber: await nextDocumentSequence(trx, memoId),
          description: chosen.description,
          replaces: null,
        });
        const recipients = await memoAudienceForDocuments(trx, memoId, userId);
        const added = await recordActivities(
          trx,
          recipients.map((recipientUserId) => ({
            type: NEW_DOCUMENT_EVENT,
            actorUserId: userId,
            recipientUserId,
            memoId,
            attachmentId: id,
          })),
        );
        await dispatchLater(trx, added);
        return;
      }
      // Someone may have replaced it since the plan: the locked row decides.
      const old = await findAttachmentForUpdate(trx, dialect, chosen.replaces.id);
      if (!isLiveDocument(old) || old.replaced_by_document_id !== null) {
        throw new ApiError(409, 'media.documentReplaced');
      }
      await placeDocument(trx, dialect, id, {
        memoId,
        sequenceNumber: old.sequence_number,
        description: chosen.description ?? old.description,
        replaces: old.id,
      });
      await markReplaced(trx, dialect, old.id, id);
      if (!chosen.preserve) await media.deleteAttachments(trx, [old]);
      const recipients = await memoAudienceForDocuments(trx, memoId, userId, [old.user_id]);
      const replaced = await recordActivities(
        trx,
        recipients.map((recipientUserId) => ({
          type: REPLACED_DOCUMENT_EVENT,
          actorUserId: userId,
          recipientUserId,
          memoId,
          attachmentId: id,
          payload: { replaced_document_id: old.id, file_name: old.file_name },
        })),
      );
      await dispatchLater(trx, replaced);
    };
  }

  /**
   * PATCH /api/memo/{type}/{id}: description and order of a memo attachment, by its
   * uploader or the memo's author.
   */
  async function update(
    userId: number,
    type: AttachmentKind,
    id: number,
    changes: { description?: string | null; sequence_number?: number },
  ): Promise<Attachment> {
    await db.transaction().execute(async (trx) => {
      const row = await findAttachmentForUpdate(trx, dialect, id);
      if (!row || row.type !== type || row.owner_kind !== 'memo' || row.status === 'deleted') {
        throw new ApiError(404, 'media.notFound');
      }
      const author = row.memo_id === null ? undefined : await memoAuthor(trx, row.memo_id);
      if (row.user_id !== userId && author !== userId) {
        const access = await attachmentAccess(trx, dialect, row, { userId });
        throw access === 'visible' ? forbidden() : new ApiError(404, 'media.notFound');
      }
      const description =
        changes.description === undefined ? undefined : changes.description?.trim() || null;
      await updateAttachmentText(trx, dialect, id, {
        ...(description !== undefined ? { description } : {}),
        ...(changes.sequence_number !== undefined
          ? { sequence_number: changes.sequence_number }
          : {}),
      });
    });
    const row = await findAttachment(db, id);
    return media.presentAttachment(row as AttachmentRow, { userId });
  }

  /** The kept older versions of a document the viewer may see, newest first. */
  async function versions(viewer: Viewer, id: number, paging: { offset: number; limit: number }) {
    const row = await findAttachment(db, id);
    if (!row || row.type !== 'document' || row.owner_kind !== 'memo' || row.status === 'deleted') {
      throw new ApiError(404, 'media.notFound');
    }
    const access = await attachmentAccess(db, dialect, row, viewer);
    if (access === 'gone') throw new ApiError(404, 'media.notFound');
    if (access === 'hidden') throw new ApiError(403, 'error.accessDenied');
    const page = await olderVersions(db, id, paging);
    return { members: page.rows.map((r) => media.presentAttachment(r, viewer)), total: page.total };
  }

  /** The current documents of a collection's memos that the viewer may see. */
  async function ofCollection(
    viewer: Viewer,
    collectionId: string,
    paging: { offset: number; limit: number },
  ): Promise<{ members: MemoDocument[]; total: number }> {
    const access = await collectionAccess(db, dialect, collectionId, viewer);
    if (access === 'missing' || access === 'blocked')
      throw new ApiError(404, 'collection.notFound');
    if (access === 'hidden') throw new ApiError(403, 'error.accessDenied');
    const page = await collectionDocuments(db, dialect, collectionId, viewer, paging);
    return {
      // onto the attachment, not after a spread of it (docs/PERFORMANCE.md, "Contact counts,
      // and spreads in hot literals")
      members: page.rows.map((row) =>
        Object.assign(media.presentAttachment(row, viewer), {
          memo: `/api/memo/${row.memo_id}`,
          has_versions: readBool(row.has_versions),
          memo_title: row.memo_title,
          can_delete:
            viewer.userId !== null &&
            (row.user_id === viewer.userId || row.memo_author_id === viewer.userId),
          can_replace:
            viewer.userId !== null &&
            (row.user_id === viewer.userId ||
              row.memo_author_id === viewer.userId ||
              readBool(row.may_replace)),
        }),
      ),
      total: page.total,
    };
  }

  return {
    plan,
    finisher,
    update,
    versions,
    ofCollection,
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
