import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool, type DialectHelpers } from '../../db/dialect.js';
import { recordActivities, type ActivityEvent } from '../../events/index.js';
import type { MemoPublishedEvent } from '../memos/events.js';
import {
  collaborationRecipients,
  collectionAudience,
  followerRecipients,
} from './recipients-store.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The notifications this module produces itself, recorded inside the transaction of the
 * change (a memo's publication, a collection's sharing). Each answers the event ids to
 * dispatch once that transaction has committed.
 */

/** new_memo_collaboration to collaborators, new_memo_for_follower to followers and watchers. */
export async function recordMemoPublished(
  db: Db,
  dialect: DialectHelpers,
  event: Pick<MemoPublishedEvent, 'memoId' | 'authorId' | 'publishedAt'>,
): Promise<number[]> {
  const { memoId, authorId } = event;
  const [collaborators, followers, first] = await Promise.all([
    collaborationRecipients(db, dialect, memoId, authorId),
    followerRecipients(db, dialect, memoId, authorId),
    db
      .selectFrom('memos_per_collection')
      .select('collection_id')
      .where('memo_id', '=', memoId)
      .orderBy('id', 'asc')
      .executeTakeFirst(),
  ]);
  const told = new Set(collaborators);
  const base = {
    actorUserId: authorId,
    memoId,
    collectionId: first?.collection_id ?? null,
    at: event.publishedAt,
  };
  const events: ActivityEvent[] = [
    ...collaborators.map((recipientUserId) => ({
      ...base,
      type: 'new_memo_collaboration',
      recipientUserId,
    })),
    ...followers
      .filter((id) => !told.has(id))
      .map((recipientUserId) => ({ ...base, type: 'new_memo_for_follower', recipientUserId })),
  ];
  return recordActivities(db, events);
}

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

/**
 * After a collection was created or saved (same transaction): new_collaboration to the
 * people who may now add memos to it (everyone of its audience when collaboration was just
 * turned on, else the newly selected), new_collection to the other newly selected contacts.
 * Changing the audience type alone tells no one.
 */
export async function recordCollectionShared(
  db: Db,
  dialect: DialectHelpers,
  collectionId: string,
  actorId: number,
  before: SharingState | null,
): Promise<number[]> {
  const now = await sharingOf(db, collectionId);
  if (!now) return [];
  const had = new Set(before?.selected ?? []);
  const added = now.type === 'selected_contacts' ? now.selected.filter((id) => !had.has(id)) : [];
  let collaborators: number[] = [];
  if (now.isCollaboration) {
    const turnedOn = !before?.isCollaboration;
    const candidates = turnedOn ? await audienceCandidates(db, collectionId, now) : added;
    collaborators = await collectionAudience(db, dialect, collectionId, candidates, true);
  }
  const told = new Set(collaborators);
  const shared = await collectionAudience(
    db,
    dialect,
    collectionId,
    added.filter((id) => !told.has(id)),
    false,
  );
  const base = { actorUserId: actorId, collectionId };
  return recordActivities(db, [
    ...collaborators
      .filter((id) => id !== actorId)
      .map((recipientUserId) => ({ ...base, type: 'new_collaboration', recipientUserId })),
    ...shared
      .filter((id) => id !== actorId)
      .map((recipientUserId) => ({ ...base, type: 'new_collection', recipientUserId })),
  ]);
}

/** Everyone who could be in the audience of a contacts collection: its selected people or the owner's contacts. */
async function audienceCandidates(db: Db, collectionId: string, state: SharingState) {
  if (state.type === 'selected_contacts') return state.selected;
  const rows = await db
    .selectFrom('contacts as ct')
    .innerJoin('collections as c', 'c.user_id', 'ct.user_id')
    .select('ct.contact_id')
    .where('c.id', '=', collectionId)
    .execute();
  return rows.map((r) => r.contact_id);
}
