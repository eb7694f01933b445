import { createReadStream, createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_RATIOS, PHOTO_VARIANTS } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import { readCount } from '../../db/dialect.js';
import type { JobInfo } from '../../jobs/queue.js';
import type { Storage } from '../../storage/index.js';
import {
  DEBIAN_FFMPEG,
  demuxerFor,
  MediaUnreadable,
  posterFrame,
  probe,
  toolsAvailable,
  transcode,
  type FfmpegTools,
} from './ffmpeg.js';
import { processPhoto, UnreadableImage } from './photos.js';
import { findAttachment, findAttachmentForUpdate } from './store.js';
import { adjustStorage, markConversionFailed, markConverted } from './video-store.js';

/**
 * The durable job converting an uploaded video (issue 4): H.264/AAC MP4 with faststart,
 * a poster frame as the photo variants (550w is the one a video preview shows), width,
 * height, ratio and length; then `ready`. Audio files sent as videos become AAC in M4A.
 * Until then the attachment is `processing` ("conversion pending"); when the file cannot
 * be decoded, or the last attempt fails, it is `failed` with the media.videoFailed key.
 * Safe to run twice: it starts only from `processing` and finishes with a conditional
 * update, and it cleans up after an attachment deleted meanwhile.
 */

export const VIDEO_JOB = 'media.video';
export interface VideoJobPayload {
  attachmentId: number;
}

export const VIDEO_FAILED_ERROR = 'media.videoFailed';

export class FfmpegMissing extends Error {
  constructor() {
    super('ffmpeg is not installed on this server (Debian: apt-get install ffmpeg)');
    this.name = 'FfmpegMissing';
  }
}

export interface VideoConverterDeps {
  database: Database;
  storage: Storage;
  /** where inputs and outputs live while converting (DATA_DIR/tmp/video) */
  tempRoot: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  tools?: FfmpegTools;
}

const ratioOf = (width: number | null, height: number | null) =>
  width && height ? Math.round((width / height) * 10000) / 10000 : DEFAULT_RATIOS.video;

export function createVideoConverter(deps: VideoConverterDeps) {
  const { db, dialect } = deps.database;
  const { storage } = deps;
  const tools = deps.tools ?? DEBIAN_FFMPEG;
  let available: Promise<boolean> | undefined;

  async function convert(attachmentId: number, workDir: string): Promise<void> {
    const row = await findAttachment(db, attachmentId);
    if (!row || row.type !== 'video' || row.status !== 'processing' || !row.storage_key) return;
    const base = `${row.user_id}/${row.id}/`;
    const extension = path.extname(row.storage_key).slice(1);
    const input = path.join(workDir, `input.${extension || 'bin'}`);
    await pipeline(await storage.get(row.storage_key), createWriteStream(input));

    const demuxer = demuxerFor(extension);
    const source = await probe(tools, input, demuxer);
    if (!source.hasVideo && !source.hasAudio) {
      throw new MediaUnreadable('the file has no video or audio stream');
    }
    const kind = source.hasVideo ? 'video' : 'audio';
    const outputName = kind === 'video' ? 'video.mp4' : 'audio.m4a';
    const output = path.join(workDir, outputName);
    await transcode(tools, input, demuxer, output, kind);
    const result = await probe(tools, output, 'mov');

    let poster: Awaited<ReturnType<typeof processPhoto>> | null = null;
    if (kind === 'video') {
      const frame = path.join(workDir, 'poster.png');
      const at = result.duration ? Math.min(1, result.duration / 2) : 0;
      await posterFrame(tools, output, frame, at);
      try {
        poster = await processPhoto(frame, storage, base, PHOTO_VARIANTS);
      } catch (error) {
        if (error instanceof UnreadableImage)
          throw new MediaUnreadable('no poster frame', { cause: error });
        throw error;
      }
    }
    const key = `${base}${outputName}`;
    const { size } = await storage.put(key, createReadStream(output), {
      contentType: kind === 'video' ? 'video/mp4' : 'audio/mp4',
    });
    const storedBytes = size + (poster?.storedBytes ?? 0);

    const finished = await db.transaction().execute(async (trx) => {
      const current = await findAttachmentForUpdate(trx, dialect, attachmentId);
      if (!current || current.status !== 'processing') return false;
      await markConverted(trx, dialect, attachmentId, {
        mimeType: kind === 'video' ? 'video/mp4' : 'audio/mp4',
        size,
        storedBytes,
        storageKey: key,
        width: result.width,
        height: result.height,
        ratio: kind === 'video' ? ratioOf(result.width, result.height) : null,
        length: result.duration === null ? null : Math.round(result.duration * 100) / 100,
        variants: poster?.variants ?? null,
      });
      await adjustStorage(
        trx,
        current.user_id,
        storedBytes - Number(readCount(current.stored_bytes)),
      );
      return true;
    });
    if (!finished) {
      // Deleted while converting: what was just written must not outlive it.
      await storage.deleteByPrefix(base);
      return;
    }
    if (row.storage_key !== key) await storage.delete(row.storage_key);
    deps.log.info({ attachmentId, kind, size }, 'video converted');
  }

  return {
    /** The job handler of VIDEO_JOB. */
    async run(payload: VideoJobPayload, job: Pick<JobInfo, 'attempt' | 'maxAttempts'>) {
      const attachmentId = Number(payload?.attachmentId);
      if (!Number.isSafeInteger(attachmentId) || attachmentId <= 0) return;
      const workDir = path.join(deps.tempRoot, `${attachmentId}-${randomBytes(4).toString('hex')}`);
      try {
        available ??= toolsAvailable(tools);
        if (!(await available)) {
          available = undefined;
          throw new FfmpegMissing();
        }
        await fsp.mkdir(workDir, { recursive: true });
        await convert(attachmentId, workDir);
      } catch (error) {
        const permanent = error instanceof MediaUnreadable;
        if (permanent || job.attempt >= job.maxAttempts) {
          await markConversionFailed(db, dialect, attachmentId, VIDEO_FAILED_ERROR);
          deps.log.warn({ attachmentId, err: error }, 'video conversion failed');
          // A file nobody can decode is the uploader's concern, not the operator's.
          if (permanent) return;
        }
        throw error;
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

export type VideoConverter = ReturnType<typeof createVideoConverter>;
