import { COLLECTION_ID_PATTERN } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import { readBool } from '../../db/dialect.js';
import { ApiError, forbidden } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { isOwnerOf } from './present.js';
import { findByCallToken, findViewedCollection, type ViewedCollectionRow } from './store.js';

export const collectionNotFound = () => new ApiError(404, 'collection.notFound');

/** A path id that cannot be a collection id is not found, never a server error. */
export function isCollectionId(id: unknown): id is string {
  return typeof id === 'string' && COLLECTION_ID_PATTERN.test(id);
}

/**
 * The collection `id` as `viewer` may read it (docs/RULES.md, Audiences), for this module and
 * others (memos). Unknown ids, and owners who blocked the viewer or were blocked by them, answer
 * 404 'Collection not found'; a collection outside the viewer's audience answers 403
 * error.accessDenied.
 */
export async function loadCollectionForViewer(
  database: Pick<Database, 'db' | 'dialect'>,
  id: string,
  viewer: Viewer,
): Promise<ViewedCollectionRow> {
  if (!isCollectionId(id)) throw collectionNotFound();
  const row = await findViewedCollection(database.db, database.dialect, id, viewer);
  if (!row || readBool(row.blocked)) throw collectionNotFound();
  if (!readBool(row.visible)) throw new ApiError(403, 'error.accessDenied');
  return row;
}

/** As loadCollectionForViewer, then only its owner (or a delegate acting for them) passes. */
export async function loadOwnCollection(
  database: Pick<Database, 'db' | 'dialect'>,
  id: string,
  viewer: Viewer,
): Promise<ViewedCollectionRow> {
  const row = await loadCollectionForViewer(database, id, { userId: viewer.userId });
  if (!isOwnerOf(row, viewer)) throw forbidden();
  return row;
}

/**
 * The collection a call link opens (docs/notes/calls.md), for the calls module: undefined
 * for a token that is no collection's (never set, or replaced since).
 */
export async function findCollectionByCallToken(
  database: Pick<Database, 'db'>,
  token: string,
): Promise<{ id: string; user_id: number; name: string; user_can_join_call: boolean } | undefined> {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(token)) return undefined;
  const row = await findByCallToken(database.db, token);
  return row ? { ...row, user_can_join_call: readBool(row.user_can_join_call) } : undefined;
}
