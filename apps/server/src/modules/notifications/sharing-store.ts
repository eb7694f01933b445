import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** Reads of collections and their sharing the producers compare before and after a change. */

/** What a collection shared before a change (null: it is being created). */
export interface SharingState {
  type: string;
  isCollaboration: boolean;
  selected: number[];
}

export async function sharingOf(db: Db, collectionId: string): Promise<SharingState | null> {
  const row = await db
    .selectFrom('collections')
    .select(['type', 'is_collaboration'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
  if (!row) return null;
  const selected = await db
    .selectFrom('users_per_collection')
    .select('user_id')
    .where('collection_id', '=', collectionId)
    .execute();
  return {
    type: row.type,
    isCollaboration: readBool(row.is_collaboration),
    selected: selected.map((s) => s.user_id),
  };
}

/** Everyone who could be in the audience of a contacts collection: its selected people or the owner's contacts. */
export async function audienceCandidates(db: Db, collectionId: string, state: SharingState) {
  if (state.type === 'selected_contacts') return state.selected;
  const rows = await db
    .selectFrom('contacts as ct')
    .innerJoin('collections as c', 'c.user_id', 'ct.user_id')
    .select('ct.contact_id')
    .where('c.id', '=', collectionId)
    .execute();
  return rows.map((r) => r.contact_id);
}

/** The collection the memo was first linked to, null when it is in none. */
export async function firstCollectionOf(db: Db, memoId: number): Promise<string | null> {
  const row = await db
    .selectFrom('memos_per_collection')
    .select('collection_id')
    .where('memo_id', '=', memoId)
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row?.collection_id ?? null;
}
