import { createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoVariant } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import { readCount } from '../../db/dialect.js';
import type { Storage } from '../../storage/index.js';
import { processPhoto, renderVariant, UnreadableImage, type StoredVariant } from './photos.js';
import { variantsOf } from './present.js';
import { findAttachment, findAttachmentForUpdate, type AttachmentRow } from './store.js';
import { adjustStorage } from './video-store.js';
import { markPhotoFailed, recordVariants } from './photo-store.js';

/**
 * The durable job making a photo's webp variants after its upload answered (issue 26,
 * docs/notes/media.md, Photo variants). The upload stores the original, charges it, and records
 * each variant it wants as `pending` with the size it will have; this job makes the pending
 * ones from the stored original, records them, and adds their bytes to the account's storage.
 * Safe to run twice: it makes only what is still pending and charges the difference between
 * what the row counts and what it stores, so a retry neither charges twice nor leaves a second
 * copy (a variant's key is fixed, so writing it again replaces it). An attachment deleted
 * before or while the job runs gets no variants recorded and its files are removed.
 */

export const PHOTO_JOB = 'media.photo';
export interface PhotoJobPayload {
  attachmentId: number;
}

/** The error key of a photo whose pixels turned out not to decode (docs/notes/media.md). */
export const PHOTO_UNREADABLE_ERROR = 'media.imageUnreadable';

/** The variants of `row` still to be made. */
export function pendingVariants(row: Pick<AttachmentRow, 'variants'>): PhotoVariant[] {
  return Object.entries(variantsOf(row))
    .filter(([, stored]) => stored.pending === true)
    .map(([name]) => name as PhotoVariant);
}

export interface PhotoJobDeps {
  database: Database;
  storage: Storage;
  /** where originals are read to while their variants are made (DATA_DIR/tmp/photo) */
  tempRoot: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createPhotoVariantMaker(deps: PhotoJobDeps) {
  const { db, dialect } = deps.database;
  const { storage } = deps;

  /** Copies the stored original of `row` to a file in `workDir`; answers its path. */
  async function fetchOriginal(row: AttachmentRow, workDir: string): Promise<string> {
    const key = row.storage_key as string;
    const extension = path.extname(key).slice(1) || 'bin';
    const input = path.join(workDir, `original.${extension}`);
    await pipeline(await storage.get(key), createWriteStream(input));
    return input;
  }

  const workDirFor = (attachmentId: number) =>
    path.join(deps.tempRoot, `${attachmentId}-${randomBytes(4).toString('hex')}`);

  async function make(attachmentId: number, workDir: string): Promise<void> {
    const row = await findAttachment(db, attachmentId);
    if (!row || row.type !== 'photo' || row.status !== 'ready' || !row.storage_key) return;
    const wanted = pendingVariants(row);
    if (wanted.length === 0) return;
    const base = `${row.user_id}/${row.id}/`;
    const photo = await processPhoto(await fetchOriginal(row, workDir), storage, base, wanted);

    const recorded = await db.transaction().execute(async (trx) => {
      const current = await findAttachmentForUpdate(trx, dialect, attachmentId);
      if (!current || current.status !== 'ready') return false;
      const variants: Partial<Record<PhotoVariant, StoredVariant>> = {
        ...variantsOf(current),
        ...photo.variants,
      };
      const storedBytes =
        readCount(current.size) +
        Object.values(variants).reduce((sum, stored) => sum + (stored?.size ?? 0), 0);
      // heic-decode's pixels are the upright truth where the container's header was not
      await recordVariants(trx, dialect, attachmentId, {
        variants,
        storedBytes,
        width: photo.width,
        height: photo.height,
        ratio: photo.ratio,
      });
      // The original was charged with the upload; the variants count once they exist.
      await adjustStorage(
        trx,
        current.user_id,
        storedBytes - Number(readCount(current.stored_bytes)),
      );
      return true;
    });
    if (!recorded) {
      // Deleted meanwhile: what was just written must not outlive it (its purge may have run).
      await storage.deleteByPrefix(base);
      return;
    }
    deps.log.info({ attachmentId, variants: wanted.length }, 'photo variants made');
  }

  return {
    /** The job handler of PHOTO_JOB. */
    async run(payload: PhotoJobPayload): Promise<void> {
      const attachmentId = Number(payload?.attachmentId);
      if (!Number.isSafeInteger(attachmentId) || attachmentId <= 0) return;
      const workDir = workDirFor(attachmentId);
      try {
        await fsp.mkdir(workDir, { recursive: true });
        await make(attachmentId, workDir);
      } catch (error) {
        if (!(error instanceof UnreadableImage)) throw error;
        // Only an HEIF file sharp cannot decode is accepted on its header alone: pixels nobody
        // can decode are the uploader's concern, shown as such, and no retry will change them.
        await markPhotoFailed(db, dialect, attachmentId, PHOTO_UNREADABLE_ERROR);
        deps.log.warn({ attachmentId, err: error }, 'photo variants failed: unreadable pixels');
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },

    /**
     * Variant `variant` of `row` made now from its original, not stored: what a request for a
     * variant still pending is answered, so a photo shows before its job ran.
     */
    async rendition(row: AttachmentRow, variant: PhotoVariant): Promise<Buffer> {
      const workDir = workDirFor(row.id);
      try {
        await fsp.mkdir(workDir, { recursive: true });
        return await renderVariant(await fetchOriginal(row, workDir), variant);
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

export type PhotoVariantMaker = ReturnType<typeof createPhotoVariantMaker>;
