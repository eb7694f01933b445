import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AttachmentKind } from '@memoria/domain';
import { ApiError, violation } from '../../http/errors.js';
import { detectType, SNIFF_BYTES, type DetectedType } from './file-kinds.js';

/** A file part as it arrives: its name and its bytes, still streaming in. */
export interface IncomingFile {
  fileName: string;
  /** busboy sets `truncated` once the part passed the size limit */
  stream: Readable & { truncated?: boolean };
}

export interface ReceivedFile {
  /** a temporary file holding the upload; the caller removes it */
  path: string;
  size: number;
  detected: DetectedType;
}

/** Reads from `iterator` until `bytes` are in hand or the stream ends. */
async function readHead(
  iterator: AsyncIterator<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks), ended: false };
}

/** Fails the stream once more than `limit` bytes went through. */
function byteLimit(limit: number, error: () => Error): Transform & { bytes: number } {
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      guard.bytes += chunk.length;
      if (guard.bytes > limit) callback(error());
      else callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  guard.bytes = 0;
  return guard;
}

export const tooLarge = (limitBytes: number) =>
  new ApiError(413, 'media.maxFileSize', {
    params: { limit: Math.round((limitBytes / (1024 * 1024)) * 100) / 100 },
  });

export const storageLimitExceeded = () => new ApiError(403, 'media.storageLimitExceeded');

/**
 * Streams an upload to a temporary file under `tempDir`, never holding more than its first
 * SNIFF_BYTES in memory: the head is checked against the kind the name claims (extension
 * and magic bytes) before anything is written; bytes are counted on the way against the
 * account's free storage. `maxBytes` is enforced by the multipart parser (busboy stops and
 * marks the part truncated); it is only needed here for the message.
 */
export async function receiveUpload(
  file: IncomingFile,
  kind: AttachmentKind,
  options: { tempDir: string; maxBytes: number; freeBytes: number },
): Promise<ReceivedFile> {
  const iterator = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const { head, ended } = await readHead(iterator, SNIFF_BYTES);
  if (file.stream.truncated) {
    file.stream.destroy();
    throw tooLarge(options.maxBytes);
  }
  if (head.length === 0) {
    file.stream.destroy();
    throw violation('file', 'media.fileRequired');
  }
  const detected = await detectType(kind, file.fileName, head.subarray(0, SNIFF_BYTES));
  if (!detected) {
    file.stream.destroy();
    throw violation('file', 'media.invalidFileType');
  }

  const target = path.join(options.tempDir, `${randomBytes(12).toString('hex')}.upload`);
  if (ended) {
    // The whole file arrived with its head (at most SNIFF_BYTES and a chunk: a phone's
    // thumbnail, the load test's photo). Written in one synchronous call, as SQLite writes on
    // this thread too: a few tens of microseconds, where a stream's directory, open, write
    // and close would each wait for a turn of a busy event loop (docs/notes/media.md).
    if (head.length > options.freeBytes) throw storageLimitExceeded();
    fs.mkdirSync(options.tempDir, { recursive: true });
    try {
      fs.writeFileSync(target, head, { mode: 0o640, flag: 'wx' });
    } catch (error) {
      fs.rmSync(target, { force: true });
      throw error;
    }
    return { path: target, size: head.length, detected };
  }
  await fsp.mkdir(options.tempDir, { recursive: true });
  async function* body() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const quota = byteLimit(options.freeBytes, storageLimitExceeded);
  try {
    // a stored file's mode (storage/disk-storage.ts): the file is renamed into place as it is
    await pipeline(Readable.from(body()), quota, fs.createWriteStream(target, { mode: 0o640 }));
    if (file.stream.truncated) throw tooLarge(options.maxBytes);
  } catch (error) {
    file.stream.destroy();
    await fsp.rm(target, { force: true });
    throw error;
  }
  return { path: target, size: quota.bytes, detected };
}
