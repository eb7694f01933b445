import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { readBool, readCount } from '../../db/dialect.js';
import {
  blockedBetween,
  collectionVisible,
  collectionWritable,
  memoVisible,
  type Viewer,
} from '../audience/index.js';
import { versionsDocuments } from '@memoria/domain';
import { accountFactsOf } from '../users/account-facts.js';
import type { AttachmentRow } from './store.js';

type Db = Kysely<DatabaseSchema>;

/** The widest chain of versions followed (a document replaced this often is unusual). */
const MAX_CHAIN = 1000;

export interface MemoDocumentRights {
  authorId: number;
  /** the viewer may read the memo */
  visible: boolean;
  /** a collection of the memo the viewer may write to allows adding documents */
  mayAdd: boolean;
  /** … allows replacing documents */
  mayReplace: boolean;
  /**
   * a collection of the memo keeps replaced documents as versions: its
   * preserve_documents_version is on, or its owner is a workspace whose plan gives document
   * versioning (`versionsDocuments`, docs/notes/workspaces.md)
   */
  preserve: boolean;
}

/** The accounts that own the collections holding memo `memoId`, as the plan rules read them. */
async function collectionOwnersOf(db: Db, memoId: number) {
  return db
    .selectFrom('memos_per_collection as mpc')
    .innerJoin('collections as c', 'c.id', 'mpc.collection_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.user_type', 'u.workspace_type', 'u.plan', 'u.rules'])
    .where('mpc.memo_id', '=', memoId)
    .where('u.user_type', '=', 'workspace')
    .execute();
}

/**
 * What `userId` may do with the documents of memo `memoId` (docs/RULES.md, Collaborators: the
 * document flags widen what collaborators, i.e. those who may write to a collaborative collection
 * holding the memo, may do). Undefined when there is no such memo.
 */
export async function memoDocumentRights(
  db: Db,
  d: DialectHelpers,
  memoId: number,
  userId: number,
): Promise<MemoDocumentRights | undefined> {
  const viewer: Viewer = { userId };
  const yes = d.bool(true);
  const inCollection = (condition: RawBuilder<SqlBool>) =>
    sql<number>`case when exists (select 1 from memos_per_collection dmpc
      inner join collections dc on dc.id = dmpc.collection_id
      where dmpc.memo_id = m.id and ${condition}) then 1 else 0 end`;
  const writable = collectionWritable('dc', viewer, d);
  const row = await db
    .selectFrom('memos as m')
    .select([
      'm.user_id',
      sql<number>`case when ${memoVisible('m', viewer, d)} then 1 else 0 end`.as('visible'),
      inCollection(sql<SqlBool>`dc.allow_add_documents = ${yes} and ${writable}`).as('may_add'),
      inCollection(sql<SqlBool>`dc.allow_replace_documents = ${yes} and ${writable}`).as(
        'may_replace',
      ),
      inCollection(sql<SqlBool>`dc.preserve_documents_version = ${yes}`).as('preserve'),
    ])
    .where('m.id', '=', memoId)
    .executeTakeFirst();
  if (!row) return undefined;
  const preserve =
    readBool(row.preserve) ||
    (await collectionOwnersOf(db, memoId)).some((owner) =>
      versionsDocuments(accountFactsOf(owner)),
    );
  return {
    authorId: row.user_id,
    visible: readBool(row.visible),
    mayAdd: readBool(row.may_add),
    mayReplace: readBool(row.may_replace),
    preserve,
  };
}

/** The sequence number after the memo's last live document. */
export async function nextDocumentSequence(db: Db, memoId: number): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.max('sequence_number').as('last'))
    .where('memo_id', '=', memoId)
    .where('type', '=', 'document')
    .where('status', '!=', 'deleted')
    .where('replaced_by_document_id', 'is', null)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Writes a new upload's place on its memo (and what it replaces). */
export async function placeDocument(
  db: Db,
  d: DialectHelpers,
  id: number,
  place: {
    memoId: number;
    sequenceNumber: number;
    description: string | null;
    replaces: number | null;
  },
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({
      memo_id: place.memoId,
      sequence_number: place.sequenceNumber,
      description: place.description,
      replace_document_id: place.replaces,
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

export async function markReplaced(
  db: Db,
  d: DialectHelpers,
  oldId: number,
  newId: number,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ replaced_by_document_id: newId, updated_at: d.time(new Date()) })
    .where('id', '=', oldId)
    .execute();
}

export async function updateAttachmentText(
  db: Db,
  d: DialectHelpers,
  id: number,
  changes: { description?: string | null; sequence_number?: number },
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ ...changes, updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

/** The older versions of document `id` still kept (not deleted), newest first. */
function olderVersionsQuery(db: Db, id: number) {
  return db
    .withRecursive('chain(id, depth)', (qb) =>
      qb
        .selectFrom('attachments')
        .select([sql<number>`replace_document_id`.as('id'), sql<number>`1`.as('depth')])
        .where('id', '=', id)
        .where('replace_document_id', 'is not', null)
        .unionAll((q) =>
          q
            .selectFrom('attachments as a')
            .innerJoin('chain', 'chain.id', 'a.id')
            .select([
              sql<number>`a.replace_document_id`.as('id'),
              sql<number>`chain.depth + 1`.as('depth'),
            ])
            .where('a.replace_document_id', 'is not', null)
            .where('chain.depth', '<', MAX_CHAIN),
        ),
    )
    .selectFrom('attachments as v')
    .innerJoin('chain', 'chain.id', 'v.id')
    .where('v.status', '!=', 'deleted');
}

export async function olderVersions(
  db: Db,
  id: number,
  paging: { offset: number; limit: number },
): Promise<{ rows: AttachmentRow[]; total: number }> {
  const rows = await olderVersionsQuery(db, id)
    .selectAll('v')
    .orderBy('chain.depth')
    .offset(paging.offset)
    .limit(paging.limit)
    .execute();
  const count = await olderVersionsQuery(db, id)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return { rows: rows as AttachmentRow[], total: readCount(count?.n) };
}

/** Every kept older version of document `id` (to delete with it). */
export async function allOlderVersions(db: Db, id: number): Promise<AttachmentRow[]> {
  return (await olderVersionsQuery(db, id).selectAll('v').execute()) as AttachmentRow[];
}

/** Who hears of a document change on a memo: its author and watchers, not the actor nor the blocked. */
export async function memoAudienceForDocuments(
  db: Db,
  memoId: number,
  actorId: number,
  extra: number[] = [],
): Promise<number[]> {
  const watchers = await db
    .selectFrom('memo_watchers as w')
    .select('w.user_id')
    .where('w.memo_id', '=', memoId)
    .execute();
  const author = await db
    .selectFrom('memos')
    .select('user_id')
    .where('id', '=', memoId)
    .executeTakeFirst();
  const candidates = [
    ...new Set([author?.user_id, ...watchers.map((w) => w.user_id), ...extra]),
  ].filter((id): id is number => id !== undefined && id !== actorId);
  if (candidates.length === 0) return [];
  const blocked = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', candidates)
    .where(blockedBetween(sql.ref('u.id'), actorId))
    .execute();
  const refused = new Set(blocked.map((b) => b.id));
  return candidates.filter((id) => !refused.has(id));
}

export type CollectionAccess = 'visible' | 'blocked' | 'hidden' | 'missing';

export async function collectionAccess(
  db: Db,
  d: DialectHelpers,
  collectionId: string,
  viewer: Viewer,
): Promise<CollectionAccess> {
  const row = await db
    .selectFrom('collections as c')
    .select([
      sql<number>`case when ${collectionVisible('c', viewer, d)} then 1 else 0 end`.as('visible'),
      viewer.userId === null
        ? sql<number>`0`.as('blocked')
        : sql<number>`case when ${blockedBetween(sql.ref('c.user_id'), viewer.userId)} then 1 else 0 end`.as(
            'blocked',
          ),
    ])
    .where('c.id', '=', collectionId)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (readBool(row.blocked)) return 'blocked';
  return readBool(row.visible) ? 'visible' : 'hidden';
}

export interface CollectionDocumentRow extends AttachmentRow {
  has_versions: number | boolean;
  memo_title: string;
  memo_author_id: number;
  /** a collaborator where a collection of the memo allows replacing documents */
  may_replace: number | boolean;
}

/**
 * The current documents (neither replaced nor deleted) of the memos of a collection that
 * the viewer may see, newest first, one page of them.
 */
export async function collectionDocuments(
  db: Db,
  d: DialectHelpers,
  collectionId: string,
  viewer: Viewer,
  paging: { offset: number; limit: number },
): Promise<{ rows: CollectionDocumentRow[]; total: number }> {
  const base = db
    .selectFrom('attachments as a')
    .innerJoin('memos_per_collection as mpc', 'mpc.memo_id', 'a.memo_id')
    .innerJoin('memos as m', 'm.id', 'a.memo_id')
    .where('mpc.collection_id', '=', collectionId)
    .where('a.type', '=', 'document')
    .where('a.owner_kind', '=', 'memo')
    .where('a.status', '=', 'ready')
    .where('a.replaced_by_document_id', 'is', null)
    .where(memoVisible('m', viewer, d));
  const yes = d.bool(true);
  const mayReplace =
    viewer.userId === null
      ? sql<number>`0`
      : sql<number>`case when exists (select 1 from memos_per_collection dmpc
          inner join collections dc on dc.id = dmpc.collection_id
          where dmpc.memo_id = m.id and dc.allow_replace_documents = ${yes}
          and ${collectionWritable('dc', { userId: viewer.userId }, d)}) then 1 else 0 end`;
  const rows = await base
    .selectAll('a')
    .select([
      sql<number>`case when exists (select 1 from attachments pv where pv.id = a.replace_document_id and pv.status != 'deleted') then 1 else 0 end`.as(
        'has_versions',
      ),
      'm.title as memo_title',
      'm.user_id as memo_author_id',
      mayReplace.as('may_replace'),
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(paging.offset)
    .limit(paging.limit)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return { rows: rows as CollectionDocumentRow[], total: readCount(count?.n) };
}
