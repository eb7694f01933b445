import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_PHOTO_VARIANT,
  isPhotoVariant,
  type AttachmentKind,
  type PhotoVariant,
} from '@memoria/domain';
import { ApiError } from '../../http/errors.js';
import { readCount, readTime } from '../../db/dialect.js';
import type { ByteRange, Storage } from '../../storage/index.js';
import { StorageNotFound } from '../../storage/index.js';
import { variantsOf } from './present.js';
import type { AttachmentRow } from './store.js';

/**
 * Answers a stored file: conditional requests (ETag), single byte ranges (video seeking),
 * and headers that keep an uploaded file from ever running as active content in our
 * origin: nosniff, a sandboxing CSP, and documents only as downloads.
 */

/** A file is `bytes=a-b`, `bytes=a-` or `bytes=-n` of `size`; null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'all' | null {
  if (!header) return 'all';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answer the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return 'all';
  if (size === 0) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface ServedFile {
  key: string;
  size: number;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
  etag: string;
  /** a photo variant its job has not made yet (`key` is where it will be) */
  pendingVariant?: PhotoVariant;
  /** the bytes to answer instead of the stored file (a pending variant made on the spot) */
  body?: Buffer;
}

/** Which stored file a request for `variant` of the attachment means; 404 when none. */
export function fileToServe(row: AttachmentRow, variantQuery: unknown): ServedFile {
  const type = row.type as AttachmentKind;
  if (type === 'photo') {
    const variant: PhotoVariant = isPhotoVariant(variantQuery)
      ? variantQuery
      : DEFAULT_PHOTO_VARIANT;
    if (variantQuery !== undefined && variantQuery !== '' && !isPhotoVariant(variantQuery)) {
      throw new ApiError(404, 'media.notFound');
    }
    const stored = variantsOf(row)[variant];
    if (!stored) throw new ApiError(404, 'media.notFound');
    const base = row.file_name.replace(/\.[^.]*$/, '') || 'photo';
    return {
      key: stored.key,
      size: stored.size,
      contentType: 'image/webp',
      fileName: `${base}-${variant}.webp`,
      disposition: 'inline',
      etag: `"m${row.id}-${variant}-${stored.size}"`,
      ...(stored.pending ? { pendingVariant: variant } : {}),
    };
  }
  if (type === 'video' && variantQuery !== undefined && variantQuery !== '') {
    // The poster frame of a converted video.
    const poster = isPhotoVariant(variantQuery) ? variantsOf(row)[variantQuery] : undefined;
    if (!poster) throw new ApiError(404, 'media.notFound');
    const base = row.file_name.replace(/\.[^.]*$/, '') || 'video';
    return {
      key: poster.key,
      size: poster.size,
      contentType: 'image/webp',
      fileName: `${base}-${variantQuery}.webp`,
      disposition: 'inline',
      etag: `"m${row.id}-${variantQuery}-${poster.size}"`,
    };
  }
  if (!row.storage_key) throw new ApiError(404, 'media.notFound');
  // Videos and audio play in the page; every other file is only ever downloaded.
  const playable = type === 'video' && /^(video|audio)\//.test(row.mime_type);
  const size = readCount(row.size);
  const updated = readTime(row.updated_at)?.getTime() ?? 0;
  return {
    key: row.storage_key,
    size,
    contentType: playable ? row.mime_type : row.mime_type || 'application/octet-stream',
    // A converted video is an MP4 (or M4A) whatever it was uploaded as.
    fileName:
      type === 'video'
        ? `${row.file_name.replace(/\.[^.]*$/, '') || 'video'}${row.storage_key.slice(row.storage_key.lastIndexOf('.'))}`
        : row.file_name,
    disposition: playable ? 'inline' : 'attachment',
    etag: `"m${row.id}-${size}-${updated.toString(36)}"`,
  };
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: ServedFile,
  cacheControl: string,
): Promise<FastifyReply> {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('accept-ranges', 'bytes');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)) {
    return reply.code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== file.etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  const { body } = file;
  const read = body
    ? (part?: ByteRange) =>
        Promise.resolve(Readable.from([part ? body.subarray(part.start, part.end + 1) : body]))
    : (part?: ByteRange) => storage.get(file.key, part);
  try {
    if (range === 'all') {
      const stream = await read();
      return reply.code(200).header('content-length', file.size).send(stream);
    }
    const stream = await read(range);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(stream);
  } catch (error) {
    if (error instanceof StorageNotFound) {
      request.log.error({ key: file.key }, 'attachment file missing from storage');
      throw new ApiError(404, 'media.notFound');
    }
    throw error;
  }
}
