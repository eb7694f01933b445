import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** An uploaded video whose original is stored; it stays `processing` until converted. */
export async function markAwaitingConversion(
  db: Db,
  d: DialectHelpers,
  id: number,
  stored: { mimeType: string; size: number; storageKey: string },
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({
      status: 'processing',
      mime_type: stored.mimeType,
      size: stored.size,
      stored_bytes: stored.size,
      storage_key: stored.storageKey,
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

export interface ConvertedVideo {
  mimeType: string;
  size: number;
  storedBytes: number;
  storageKey: string;
  width: number | null;
  height: number | null;
  ratio: number | null;
  length: number | null;
  variants: unknown;
}

export async function markConverted(
  db: Db,
  d: DialectHelpers,
  id: number,
  video: ConvertedVideo,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({
      status: 'ready',
      mime_type: video.mimeType,
      size: video.size,
      stored_bytes: video.storedBytes,
      storage_key: video.storageKey,
      width: video.width,
      height: video.height,
      ratio: video.ratio,
      length: video.length,
      variants: video.variants === null ? null : d.json(video.variants),
      error: null,
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** The conversion gave up: `error` is a message key the web app translates. */
export async function markConversionFailed(
  db: Db,
  d: DialectHelpers,
  id: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ status: 'failed', error, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * Changes the account's storage use by `delta` bytes without a quota check: a converted
 * video replaces an original the account already paid for (never below zero).
 */
export async function adjustStorage(db: Db, userId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set({
      storage_used: sql`case when storage_used + ${delta} > 0 then storage_used + ${delta} else 0 end`,
    })
    .where('id', '=', userId)
    .execute();
}
