import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool, type DialectHelpers } from '../../db/dialect.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { engagementRow } from './audience-store.js';

type Db = Kysely<DatabaseSchema>;

/** A memo as comments and reactions need it, with the viewer's standing towards it. */
export interface EngagementMemo {
  id: number;
  authorId: number;
  commentsAllowed: boolean;
  reactionsAllowed: boolean;
  requiresIdentification: boolean;
  /** the viewer is the author, a connection or a follower of the author */
  engaged: boolean;
  viewerIdentified: boolean;
}

/**
 * The memo `id` for comments and reactions, answered like the memo reads answer: 404 when
 * it does not exist, when the viewer and the author blocked each other or when it is
 * scheduled and not theirs; 403 when it exists but the viewer is not in its audience; 403
 * `comment.onlyConnections` when they may read it but are neither the author nor one of
 * the author's connections or followers (docs/RULES.md, Comments and reactions).
 */
export async function loadEngagementMemo(
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  id: number,
): Promise<EngagementMemo> {
  const v = viewer.userId;
  const row = await engagementRow(db, d, viewer, id);
  if (!row || readBool(row.blocked)) throw notFound('memo.notFound');
  if (Number(row.visible) !== 1) {
    if (row.status === 'scheduled') throw notFound('memo.notFound');
    throw new ApiError(403, 'error.accessDenied');
  }
  const engaged =
    v !== null && (row.user_id === v || readBool(row.contact) || readBool(row.follower));
  if (!engaged) throw new ApiError(403, 'comment.onlyConnections');
  return {
    id: row.id,
    authorId: row.user_id,
    commentsAllowed: readBool(row.memo_comments_allowed),
    reactionsAllowed: readBool(row.allow_reactions),
    requiresIdentification: readBool(row.require_identification_for_comments),
    engaged,
    viewerIdentified: readBool(row.identified),
  };
}
