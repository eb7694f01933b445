import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  AVATAR_PHOTO_VARIANTS,
  DEFAULT_PHOTO_VARIANT,
  PHOTO_VARIANTS,
  type Attachment,
  type AttachmentKind,
  type AttachmentOwner,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { ApiError, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { createStorage, StorageNotFound, type Storage } from '../../storage/index.js';
import type { Viewer } from '../audience/index.js';
import { planOf } from '../users/plans.js';
import {
  inspectPhoto,
  plannedVariants,
  processPhoto,
  UnreadableImage,
  type PhotoFacts,
} from './photos.js';
import { createPhotoVariantMaker, PHOTO_JOB, type PhotoJobPayload } from './photo-job.js';
import { presentAttachment as present, mediaPath, ownerPathOf, type OwnerPath } from './present.js';
import { fileToServe, type ServedFile } from './serve.js';
import { receiveUpload, storageLimitExceeded, type IncomingFile } from './receive.js';
import { checkSignature, signMediaPath } from './signing.js';
import { createVideoConverter, VIDEO_JOB, type VideoJobPayload } from './video-job.js';
import { markAwaitingConversion } from './video-store.js';
import { allOlderVersions } from './documents-store.js';
import {
  attachmentAccess,
  attachmentsOfMemos,
  chargeStorage,
  deleteAttachmentRow,
  findAttachment,
  findAttachmentForUpdate,
  insertAttachment,
  markDeleted,
  markReady,
  memoAuthor,
  isUnattached,
  unattachedUploadIds,
  otherPictures,
  releaseStorage,
  setProfileAvatar,
  setProfilePicture,
  type UserPictureKind,
  setAttachmentCollection,
  setAttachmentThread,
  setAttachmentMessage,
  attachmentsOfMessages,
  setAttachmentMemo,
  storageAccount,
  type AttachmentRow,
  currentMemoAttachments,
  liveAttachmentsOfMemos,
} from './store.js';

type Trx = Kysely<DatabaseSchema>;

/** The job that removes a deleted attachment's files once its deletion committed. */
export const PURGE_JOB = 'media.purge';
/**
 * The recurring job that deletes uploads never attached to a memo, collection or account
 * (issue 4): older than a day, they are marked deleted, their storage freed and their files
 * purged. It runs every hour and queues its own next run.
 */
export const CLEANUP_JOB = 'media.cleanup';
export const CLEANUP_AFTER_MS = 24 * 60 * 60_000;
export const CLEANUP_EVERY_MS = 60 * 60_000;
const CLEANUP_BATCH = 200;

export interface PurgePayload {
  userId: number;
  attachmentId: number;
}

export interface UploadTarget {
  kind: AttachmentKind;
  owner: AttachmentOwner;
  memoId?: number | null;
  collectionId?: string | null;
  /** the largest file accepted, in bytes */
  maxBytes: number;
  /**
   * Runs in the transaction that makes the upload ready (documents: order, description,
   * replacing an older version, activity events); throwing undoes the whole upload.
   */
  finish?: (trx: Trx, attachmentId: number) => Promise<void>;
  /** photos shorter than this many pixels (upright) are refused (covers and banners) */
  minHeight?: number;
}

export interface MemoAttachmentLists {
  photos: Map<number, Attachment[]>;
  videos: Map<number, Attachment[]>;
  documents: Map<number, Attachment[]>;
}

/**
 * Media (issue 4): streamed uploads into storage with type and quota checks, photo
 * variants, attaching uploads to collections and memos, presenting them with signed URLs,
 * and deleting them. Stateless apart from the storage client, so any module may build one
 * from its AppContext.
 */
export function createMediaService(ctx: AppContext, storage: Storage = createStorage(ctx.config)) {
  const { db, dialect } = ctx.database;
  const key = ctx.secrets.mediaUrlKey;
  const tempDir = path.join(ctx.config.dataDir, 'tmp', 'uploads');
  const videos = createVideoConverter({
    database: ctx.database,
    storage,
    tempRoot: path.join(ctx.config.dataDir, 'tmp', 'video'),
    log: ctx.log,
  });
  const photoVariants = createPhotoVariantMaker({
    database: ctx.database,
    storage,
    tempRoot: path.join(ctx.config.dataDir, 'tmp', 'photo'),
    log: ctx.log,
  });

  async function quotaOf(userId: number) {
    const account = await storageAccount(db, userId);
    if (!account) throw new ApiError(404, 'error.notFound');
    const quota = planOf(account.plan).storageBytes + account.orderedBytes;
    return { quota, free: Math.max(0, quota - account.usedBytes) };
  }

  async function discard(userId: number, id: number): Promise<void> {
    try {
      await storage.deleteByPrefix(`${userId}/${id}/`);
    } finally {
      await deleteAttachmentRow(db, id);
    }
  }

  /** Frees the storage of live attachments, marks them deleted and queues their files' removal. */
  async function deleteRows(trx: Trx, rows: AttachmentRow[]): Promise<void> {
    const live = rows.filter((row) => row.status !== 'deleted');
    if (live.length === 0) return;
    await markDeleted(
      trx,
      dialect,
      live.map((row) => row.id),
    );
    for (const row of live) {
      await releaseStorage(trx, row.user_id, Number(row.stored_bytes));
      await ctx.jobs.enqueue(
        PURGE_JOB,
        { userId: row.user_id, attachmentId: row.id } satisfies PurgePayload,
        { db: trx, uniqueKey: `media.purge:${row.id}` },
      );
    }
  }

  async function loadLists(memoIds: number[], viewer: Viewer): Promise<MemoAttachmentLists> {
    const lists: MemoAttachmentLists = {
      photos: new Map(),
      videos: new Map(),
      documents: new Map(),
    };
    const unique = [...new Set(memoIds)];
    for (let i = 0; i < unique.length; i += 500) {
      for (const row of await attachmentsOfMemos(db, unique.slice(i, i + 500))) {
        const map =
          row.type === 'photo'
            ? lists.photos
            : row.type === 'video'
              ? lists.videos
              : lists.documents;
        const memoId = row.memo_id as number;
        map.set(memoId, [...(map.get(memoId) ?? []), present(row, viewer, key)]);
      }
    }
    return lists;
  }

  return {
    storage,
    database: ctx.database,

    /**
     * Receives one file for `userId`: checks its kind by name and content, streams it to
     * storage, and charges the account's storage. A photo's variants are made by the photo
     * job after the answer (a person's own pictures before it). Any failure leaves
     * nothing behind (no row, no file, no charge).
     */
    async upload(userId: number, file: IncomingFile, target: UploadTarget): Promise<AttachmentRow> {
      const { quota, free } = await quotaOf(userId);
      if (free <= 0) {
        file.stream.destroy();
        throw storageLimitExceeded();
      }
      const received = await receiveUpload(file, target.kind, {
        tempDir,
        maxBytes: target.maxBytes,
        freeBytes: free,
      });
      let id: number | undefined;
      let handedOver = false;
      try {
        id = await insertAttachment(db, dialect, {
          userId,
          ownerKind: target.owner,
          memoId: target.memoId ?? null,
          collectionId: target.collectionId ?? null,
          type: target.kind,
          fileName: file.fileName.slice(0, 255),
          mimeType: received.detected.mime,
        });
        const base = `${userId}/${id}/`;
        const original = `${base}original.${received.detected.extension}`;
        let photo: PhotoFacts | null = null;
        let variants: unknown = null;
        let variantBytes = 0;
        // a person's pictures get the 1200w variant too (wide covers and banners, sharp avatars)
        const personal =
          target.owner === 'avatar' ||
          target.owner === 'cover' ||
          target.owner === 'banner' ||
          target.owner === 'public_picture';
        const deferred = target.kind === 'photo' && !personal;
        if (target.kind === 'photo') {
          if (personal) {
            // Made before answering: a person's pictures are few, and shown at once to
            // everyone who sees them anywhere (docs/notes/media.md, Photo variants).
            const made = await processPhoto(received.path, storage, base, AVATAR_PHOTO_VARIANTS);
            photo = made;
            variants = made.variants;
            variantBytes = made.storedBytes;
          } else {
            // Checked from its metadata now; the photo job makes the variants after the answer.
            photo = await inspectPhoto(received.path);
            variants = plannedVariants(photo, base, PHOTO_VARIANTS);
          }
          if (target.minHeight !== undefined && photo.height < target.minHeight) {
            throw violation('file', 'media.imageTooShort', { height: target.minHeight });
          }
        }
        // the temporary file becomes the original (a rename on disk): the answer waits for
        // no copy of it
        await storage.putFile(original, received.path, { contentType: received.detected.mime });
        handedOver = true;
        const storedBytes = received.size + variantBytes;
        const attachmentId = id;
        await db.transaction().execute(async (trx) => {
          if (!(await chargeStorage(trx, userId, storedBytes, quota))) {
            throw storageLimitExceeded();
          }
          if (target.kind === 'video') {
            // Stays `processing` until the conversion job has made the MP4 and its poster.
            await markAwaitingConversion(trx, dialect, attachmentId, {
              mimeType: received.detected.mime,
              size: received.size,
              storageKey: original,
            });
            await ctx.jobs.enqueue(VIDEO_JOB, { attachmentId } satisfies VideoJobPayload, {
              db: trx,
              uniqueKey: `${VIDEO_JOB}:${attachmentId}`,
            });
            return;
          }
          const stillWanted = await markReady(trx, dialect, attachmentId, {
            mimeType: received.detected.mime,
            size: received.size,
            storedBytes,
            storageKey: original,
            width: photo?.width ?? null,
            height: photo?.height ?? null,
            ratio: photo?.ratio ?? null,
            variants,
            exif: photo ? { suggestions: photo.suggestions } : null,
          });
          if (!stillWanted) throw new ApiError(409, 'error.conflict');
          if (deferred) {
            await ctx.jobs.enqueue(PHOTO_JOB, { attachmentId } satisfies PhotoJobPayload, {
              db: trx,
              uniqueKey: `${PHOTO_JOB}:${attachmentId}`,
            });
          }
          await target.finish?.(trx, attachmentId);
        });
        const row = await findAttachmentForUpdate(db, dialect, attachmentId);
        if (!row) throw new Error('attachment vanished after upload');
        return row;
      } catch (error) {
        if (id !== undefined) {
          await discard(userId, id).catch((cleanup: unknown) =>
            ctx.log.error({ err: cleanup, attachmentId: id }, 'could not clean up a failed upload'),
          );
        }
        if (error instanceof UnreadableImage) throw violation('file', 'media.imageUnreadable');
        throw error;
      } finally {
        if (!handedOver) await fsp.rm(received.path, { force: true });
      }
    },

    /** The Attachment the API answers (visibility already decided by the caller). */
    presentAttachment(row: AttachmentRow, viewer: Viewer): Attachment {
      return present(row, viewer, key);
    },

    /**
     * The photos, videos and documents of the given memos (the caller has checked the
     * viewer may see these memos), each list in its order, without deleted or replaced ones.
     */
    loadAttachmentsForMemos: loadLists,

    /**
     * Makes upload `attachmentId` the picture of `collectionId`, inside the caller's
     * transaction. It must be a ready photo uploaded by `userId` for a collection and not
     * already another collection's. The collection's previous pictures are deleted (their
     * storage freed, their files removed after commit). Throws a 422 on collection_picture.
     */
    async attachPictureToCollection(
      trx: Trx,
      attachmentId: number,
      collectionId: string,
      userId: number,
    ): Promise<AttachmentRow> {
      const row = await findAttachmentForUpdate(trx, dialect, attachmentId);
      const usable =
        row !== undefined &&
        row.user_id === userId &&
        row.type === 'photo' &&
        row.owner_kind === 'collection' &&
        row.status === 'ready' &&
        (row.collection_id === null || row.collection_id === collectionId);
      if (!usable) throw violation('collection_picture', 'validation.invalid');
      if (row.collection_id !== collectionId) {
        await setAttachmentCollection(trx, dialect, attachmentId, collectionId);
      }
      await deleteRows(trx, await otherPictures(trx, { collectionId }, attachmentId));
      return { ...row, collection_id: collectionId };
    },

    /**
     * Applies `thread_picture` of a thread create or PATCH inside its transaction (docs/notes/
     * messenger.md, Thread picture): null removes the thread's picture (storage freed); an
     * id or IRI makes that upload the picture. It must be a ready photo of POST
     * /api/thread/picture uploaded by `userId`, not already another thread's (422 on
     * thread_picture otherwise); the previous picture is deleted. Answers the new picture id.
     */
    async setThreadPicture(
      trx: Trx,
      threadId: number,
      userId: number,
      picture: string | number | null,
    ): Promise<number | null> {
      const keep = picture === null ? undefined : intIdFromIri(picture);
      if (picture !== null) {
        if (keep === undefined) throw violation('thread_picture', 'validation.invalid');
        const row = await findAttachmentForUpdate(trx, dialect, keep);
        const usable =
          row !== undefined &&
          row.user_id === userId &&
          row.type === 'photo' &&
          row.owner_kind === 'thread' &&
          row.status === 'ready' &&
          (row.thread_id === null || row.thread_id === threadId);
        if (!usable) throw violation('thread_picture', 'validation.invalid');
        if (row.thread_id !== threadId) await setAttachmentThread(trx, keep, threadId);
      }
      await deleteRows(trx, await otherPictures(trx, { threadId }, keep ?? 0));
      return keep ?? null;
    },

    /**
     * Attaches the photos and documents of a message being sent (message_photos,
     * message_documents: ids or IRIs), in their order, inside the send's transaction
     * (docs/notes/messenger.md, Photos and documents). Each must be a ready upload of
     * POST /api/message/{photo|document} of that type by `userId`, not yet sent with a
     * message; 422 naming the list otherwise.
     */
    async attachToMessage(
      trx: Trx,
      messageId: number,
      userId: number,
      lists: { message_photos: unknown[]; message_documents: unknown[] },
    ): Promise<void> {
      const fields = [
        ['message_photos', 'photo'],
        ['message_documents', 'document'],
      ] as const;
      for (const [field, type] of fields) {
        for (const [index, ref] of lists[field].entries()) {
          const id = intIdFromIri(ref);
          const row =
            id === undefined ? undefined : await findAttachmentForUpdate(trx, dialect, id);
          const usable =
            row !== undefined &&
            row.type === type &&
            row.owner_kind === 'message' &&
            row.status === 'ready' &&
            row.user_id === userId &&
            row.message_id === null;
          if (!usable) throw violation(field, 'validation.invalid');
          await setAttachmentMessage(trx, row.id, messageId, index);
        }
      }
    },

    /**
     * The photos and documents of these messages, presented with signed URLs as any member
     * sees them (the caller checked the viewer is a member of their threads), by message id.
     * `on`: another connection of the database (the warm-up's, db/warm.ts).
     */
    async loadAttachmentsForMessages(
      messageIds: number[],
      on: Kysely<DatabaseSchema> = db,
    ): Promise<Map<number, { photos: Attachment[]; documents: Attachment[] }>> {
      const byMessage = new Map<number, { photos: Attachment[]; documents: Attachment[] }>();
      const unique = [...new Set(messageIds)];
      for (let i = 0; i < unique.length; i += 500) {
        for (const row of await attachmentsOfMessages(on, unique.slice(i, i + 500))) {
          const messageId = row.message_id as number;
          const lists = byMessage.get(messageId) ?? { photos: [], documents: [] };
          // the same answer goes to every member (over the socket too): no uploader-only parts
          const answer = present(row, { userId: null }, key);
          (row.type === 'photo' ? lists.photos : lists.documents).push(answer);
          byMessage.set(messageId, lists);
        }
      }
      return byMessage;
    },

    /**
     * A message is deleted: its photos and documents are marked deleted, their storage freed
     * and their files removed after the commit (inside the caller's transaction).
     */
    async deleteMessageAttachments(trx: Trx, messageId: number): Promise<void> {
      await deleteRows(trx, await attachmentsOfMessages(trx, [messageId]));
    },

    /**
     * DELETE /api/message/{type}/{id}: the uploader (the message's author) removes one photo or
     * document (storage freed); 404 when it is not theirs, not of that type or already gone.
     * Answers the message it was on (null for an upload never sent), for the messenger to tell
     * the thread.
     */
    async deleteMessageAttachment(
      userId: number,
      type: AttachmentKind,
      id: number,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const row = await findAttachmentForUpdate(trx, dialect, id);
        const theirs =
          row !== undefined &&
          row.type === type &&
          row.owner_kind === 'message' &&
          row.status !== 'deleted' &&
          row.user_id === userId;
        if (!theirs) throw new ApiError(404, 'media.notFound');
        await deleteRows(trx, [row]);
        return row.message_id;
      });
    },

    /**
     * Attaches uploads to memo `memoId` in the given order (memo_photos / memo_videos /
     * memo_documents ids of a memo save), inside the caller's transaction. Each must be a
     * ready memo upload of the matching type, by `userId`, free or already on this memo.
     * Attachments of the memo left out of a list are deleted. Throws a 422 naming the list.
     */
    async attachToMemo(
      trx: Trx,
      memoId: number,
      userId: number,
      lists: { memo_photos?: number[]; memo_videos?: number[]; memo_documents?: number[] },
    ): Promise<void> {
      const fields = [
        ['memo_photos', 'photo'],
        ['memo_videos', 'video'],
        ['memo_documents', 'document'],
      ] as const;
      for (const [field, type] of fields) {
        const ids = lists[field];
        if (ids === undefined) continue;
        const keep = new Set<number>();
        for (const [index, id] of ids.entries()) {
          const row = await findAttachmentForUpdate(trx, dialect, id);
          const usable =
            row !== undefined &&
            row.type === type &&
            row.owner_kind === 'memo' &&
            row.status !== 'deleted' &&
            row.replaced_by_document_id === null &&
            (row.memo_id === memoId || (row.memo_id === null && row.user_id === userId));
          if (!usable) throw violation(field, 'validation.invalid');
          await setAttachmentMemo(trx, dialect, id, memoId, index);
          keep.add(id);
        }
        const current = await currentMemoAttachments(trx, memoId, type);
        await deleteRows(
          trx,
          current.filter((row) => !keep.has(row.id)),
        );
      }
    },

    /**
     * Inside the transaction that makes avatar `keepId` ready: the account's previous
     * pictures are deleted (storage freed, files removed after commit). The profile is
     * written first: its row lock makes uploads finishing together take turns, so the
     * last one sees and deletes every picture the others made ready.
     */
    async replaceAvatar(trx: Trx, userId: number, keepId: number): Promise<void> {
      await setProfileAvatar(trx, userId, keepId);
      await deleteRows(trx, await otherPictures(trx, { userId }, keepId));
    },

    /**
     * Inside the transaction that makes cover or banner `keepId` ready: it becomes the
     * profile's, and the previous one is deleted (as replaceAvatar does for the picture).
     */
    async replaceUserPicture(
      trx: Trx,
      userId: number,
      kind: UserPictureKind,
      keepId: number,
    ): Promise<void> {
      await setProfilePicture(trx, userId, kind, keepId);
      await deleteRows(trx, await otherPictures(trx, { userId, kind }, keepId));
    },

    /**
     * DELETE /api/user/picture/{id} and /api/profile/banner/{id}: removes that picture of the
     * signed-in person (one of `kinds`); 404 when it is not theirs or not one of those.
     */
    async deleteUserPicture(
      userId: number,
      id: number,
      kinds: readonly UserPictureKind[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await findAttachmentForUpdate(trx, dialect, id);
        const kind = kinds.find((k) => k === row?.owner_kind);
        if (!row || row.user_id !== userId || !kind || row.status === 'deleted') {
          throw new ApiError(404, 'media.notFound');
        }
        await deleteRows(trx, [row]);
        const current = await otherPictures(trx, { userId, kind }, id);
        await setProfilePicture(trx, userId, kind, current.at(-1)?.id ?? null);
      });
    },

    /** DELETE /api/user/picture: removes the account picture; answers whether there was one. */
    async deleteAvatar(userId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const rows = await otherPictures(trx, { userId }, 0);
        await deleteRows(trx, rows);
        await setProfileAvatar(trx, userId, null);
        return rows.length > 0;
      });
    },

    /** Marks attachments deleted (action delete), frees their storage, removes their files after commit. */
    deleteAttachments: (trx: Trx, rows: AttachmentRow[]) => deleteRows(trx, rows),

    /**
     * Before deleting memos (their rows would cascade away without freeing storage): marks
     * their attachments deleted, frees the storage and queues the files' removal.
     */
    async deleteMemoAttachments(trx: Trx, memoIds: number[]): Promise<void> {
      for (let i = 0; i < memoIds.length; i += 500) {
        const rows = await liveAttachmentsOfMemos(trx, memoIds.slice(i, i + 500));
        await deleteRows(trx, rows);
      }
    },

    /**
     * DELETE /api/memo/{type}/{id}: its uploader or the memo's author removes a memo
     * attachment (marked deleted with action delete; docs/DOMAIN.md, States: Attachment).
     */
    async deleteMemoAttachment(userId: number, type: AttachmentKind, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await findAttachmentForUpdate(trx, dialect, id);
        if (!row || row.type !== type || row.owner_kind !== 'memo' || row.status === 'deleted') {
          throw new ApiError(404, 'media.notFound');
        }
        const author = row.memo_id === null ? undefined : await memoAuthor(trx, row.memo_id);
        if (row.user_id !== userId && author !== userId) throw new ApiError(403, 'error.forbidden');
        // A document's kept older versions go with it.
        const versions = type === 'document' ? await allOlderVersions(trx, row.id) : [];
        await deleteRows(trx, [row, ...versions]);
      });
    },

    /** The memo a new upload goes to: one the uploader wrote; 422 on `memo` otherwise. */
    async memoForUpload(userId: number, memoId: number): Promise<number> {
      if ((await memoAuthor(db, memoId)) !== userId) throw violation('memo', 'validation.invalid');
      return memoId;
    },

    /** A signed URL of a collection picture's 550w variant (the caller checked visibility). */
    pictureUrlFor(attachmentId: number, variant: string = DEFAULT_PHOTO_VARIANT): string {
      return signMediaPath(key, mediaPath('collection', 'photo', attachmentId), variant);
    },

    /** A signed URL of a thread picture's 550w variant (the caller checked membership). */
    threadPictureUrl(attachmentId: number): string {
      return signMediaPath(key, mediaPath('thread', 'photo', attachmentId), DEFAULT_PHOTO_VARIANT);
    },

    /** Removes every file of an account (after its rows are gone); answers how many. */
    removeUserFiles: (userId: number) => storage.deleteByPrefix(`${userId}/`),

    /**
     * The file a request for `path` may have, judged by its signature (a secure_url) or,
     * without one, by the viewer's right to see the memo or collection (404 when it does
     * not exist or the viewer is blocked, 403 outside the audience, 403 for an expired or
     * forged signature).
     */
    async fileForRequest(
      owner: OwnerPath,
      type: AttachmentKind,
      id: number,
      query: { variant?: string; expires?: string; signature?: string },
      viewer: Viewer,
    ): Promise<{ row: AttachmentRow; file: ServedFile; cacheControl: string }> {
      const row = await findAttachment(db, id);
      if (!row || row.status === 'deleted' || row.type !== type || ownerPathOf(row) !== owner) {
        throw new ApiError(404, 'media.notFound');
      }
      const path = mediaPath(owner, type, id);
      let cacheControl = 'private, no-cache';
      if (query.signature !== undefined || query.expires !== undefined) {
        // Photos and video posters are signed per variant; files without one.
        const variant = type === 'document' ? '' : (query.variant ?? '');
        const check = checkSignature(key, path, variant, query);
        if (check === 'expired') throw new ApiError(403, 'media.linkExpired');
        if (check === 'invalid') throw new ApiError(403, 'error.accessDenied');
        const left = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
        cacheControl = `private, max-age=${Math.min(left, 86400)}`;
      } else {
        const access = await attachmentAccess(db, dialect, row, viewer);
        if (access === 'gone') throw new ApiError(404, 'media.notFound');
        if (access === 'hidden') throw new ApiError(403, 'error.accessDenied');
      }
      // Only those who may see it learn that a video is still converting or failed.
      if (row.status === 'processing') {
        if (type === 'video') throw new ApiError(409, 'media.videoProcessing');
        throw new ApiError(404, 'media.notFound');
      }
      if (row.status === 'failed') {
        throw new ApiError(422, type === 'photo' ? 'media.imageUnreadable' : 'media.videoFailed');
      }
      const file = fileToServe(row, query.variant);
      if (file.pendingVariant) {
        // Its job has not run yet: the variant is made now from the original and not kept
        // (the job stores it); not cached, so the stored one is fetched once it exists.
        let body: Buffer;
        try {
          body = await photoVariants.rendition(row, file.pendingVariant);
        } catch (error) {
          if (error instanceof UnreadableImage) throw new ApiError(422, 'media.imageUnreadable');
          if (error instanceof StorageNotFound) throw new ApiError(404, 'media.notFound');
          throw error;
        }
        return {
          row,
          file: {
            ...file,
            body,
            size: body.length,
            etag: `"m${row.id}-${file.pendingVariant}-r${body.length}"`,
          },
          cacheControl: 'private, no-cache',
        };
      }
      return { row, file, cacheControl };
    },

    /** The job handler of media.photo (registered by the routes). */
    makePhotoVariants: photoVariants.run,

    /** The job handler of media.video (registered by the routes). */
    convertVideo: videos.run,

    /**
     * Deletes uploads never attached, or abandoned while received (a crash), and older than
     * `olderThanMs` (default a day), with their files (a crash leaves partial ones), in
     * batches, each row re-checked under its lock so a memo save attaching it at the same
     * moment wins or fails cleanly. Answers how many were deleted.
     */
    async cleanupUnattached(now = new Date(), olderThanMs = CLEANUP_AFTER_MS): Promise<number> {
      const before = new Date(now.getTime() - olderThanMs);
      let deleted = 0;
      for (;;) {
        const ids = await unattachedUploadIds(db, dialect, before, CLEANUP_BATCH);
        if (ids.length === 0) break;
        const done = await db.transaction().execute(async (trx) => {
          const rows: AttachmentRow[] = [];
          for (const id of ids) {
            const row = await findAttachmentForUpdate(trx, dialect, id);
            if (row && isUnattached(row)) rows.push(row);
          }
          await deleteRows(trx, rows);
          return rows.length;
        });
        deleted += done;
        if (ids.length < CLEANUP_BATCH) break;
      }
      if (deleted > 0) ctx.log.info({ deleted }, 'deleted uploads that were never attached');
      return deleted;
    },

    /** The job handler removing a deleted attachment's files. */
    async purge(payload: PurgePayload): Promise<void> {
      await storage.deleteByPrefix(`${payload.userId}/${payload.attachmentId}/`);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
