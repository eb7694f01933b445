import type { Kysely } from 'kysely';
import type { PhotoVariant } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { StoredVariant } from './photos.js';

type Db = Kysely<DatabaseSchema>;

export interface MadeVariants {
  variants: Partial<Record<PhotoVariant, StoredVariant>>;
  storedBytes: number;
  width: number;
  height: number;
  ratio: number;
}

/** Records the variants the photo job made (docs/notes/media.md, Photo variants). */
export async function recordVariants(
  db: Db,
  d: DialectHelpers,
  id: number,
  made: MadeVariants,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({
      variants: d.json(made.variants),
      stored_bytes: made.storedBytes,
      width: made.width,
      height: made.height,
      ratio: made.ratio,
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

/** A ready photo whose pixels turned out not to decode: `error` is a message key. */
export async function markPhotoFailed(
  db: Db,
  d: DialectHelpers,
  id: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ status: 'failed', error, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .execute();
}
