import type { Readable } from 'node:stream';

/**
 * Where media files live: local disk under DATA_DIR/media (default) or an S3-compatible
 * bucket (docs/ARCHITECTURE.md). Keys are relative paths such as
 * `<userId>/<attachmentId>/550w.webp`, so everything of one user sits under `<userId>/`.
 * Bodies always stream: nothing here holds a whole file in memory.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes the stream under `key` (replacing what was there); answers the bytes written. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * Stores the local file `file` (a finished upload under DATA_DIR) under `key` and takes it
   * over: on disk it is renamed into place as it is (mode included: media/receive.ts writes
   * uploads with a stored file's mode), no copy; a bucket streams it and removes it.
   * Afterwards the file is gone; if this fails, it may still be there for the caller to remove.
   */
  putFile(key: string, file: string, options?: { contentType?: string }): Promise<void>;
  /**
   * A read stream of the file, or of bytes `start..end` (inclusive) of it. Throws
   * StorageNotFound when there is no such file.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes one file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with '/'); answers how many. */
  deleteByPrefix(prefix: string): Promise<number>;
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`no stored file ${key}`);
    this.name = 'StorageNotFound';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Keys are built by the server, never taken from a request; this check still refuses
 * anything that could leave the media root (`..`, absolute paths, odd characters).
 */
export function assertValidKey(key: string, { prefix = false } = {}): void {
  const body = prefix ? key.replace(/\/$/, '') : key;
  const segments = body.split('/');
  const valid =
    (!prefix || key.endsWith('/')) &&
    segments.length > 0 &&
    segments.length <= 8 &&
    segments.every((s) => SEGMENT.test(s) && !s.includes('..'));
  if (!valid) throw new RangeError(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The key prefix under which all files of one user live. */
export function userPrefix(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError('bad user id');
  return `${userId}/`;
}
