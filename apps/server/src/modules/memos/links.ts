import { COLLECTION_ID_PATTERN, idFromIri, type MemoWriteParsed } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import { ApiError, violation } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { collectionsForWrite } from './write-store.js';

/** Collection references in memo writes: `/api/collection/{id}`, a bare id, or {collection, sequence_number}. */

export function collectionIdOf(value: unknown): string | undefined {
  const id = idFromIri(value, 'collection');
  return id !== undefined && COLLECTION_ID_PATTERN.test(id) ? id : undefined;
}

export interface RequestedLink {
  id: string;
  /** the pin state asked for this collection, when the entry says so */
  pinned: boolean | undefined;
}

/** The collections a write names, without duplicates; a malformed one is a 422. */
export function requestedLinks(links: MemoWriteParsed['memos_per_collection']): RequestedLink[] {
  const out = new Map<string, RequestedLink>();
  for (const link of links) {
    const raw = typeof link === 'object' ? link.collection : link;
    const id = collectionIdOf(raw);
    if (id === undefined) throw violation('memos_per_collection', 'memo.collectionUnknown');
    const pinned =
      typeof link === 'object' && link.sequence_number !== undefined
        ? link.sequence_number === 1
        : undefined;
    if (!out.has(id)) out.set(id, { id, pinned });
  }
  return [...out.values()];
}

/**
 * The viewer may add memos to every collection in `ids`: one they cannot see (or that does
 * not exist) is a 422 on `field`; one they see but may not write to is a 403.
 */
export async function assertWritable(
  database: Database,
  viewer: Viewer,
  ids: string[],
  field = 'memos_per_collection',
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await collectionsForWrite(database.db, database.dialect, viewer, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || !row.visible) throw violation(field, 'memo.collectionUnknown');
  }
  for (const id of ids) {
    if (!byId.get(id)?.writable) throw new ApiError(403, 'memo.collectionNotWritable');
  }
}
