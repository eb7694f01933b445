import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { recordActivities, type ActivityEvent } from '../../events/index.js';
import type { MemoPublishedEvent } from '../memos/events.js';
import {
  collaborationRecipients,
  collectionAudience,
  followerRecipients,
} from './recipients-store.js';
import {
  audienceCandidates,
  firstCollectionOf,
  sharingOf,
  type SharingState,
} from './sharing-store.js';

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
    firstCollectionOf(db, memoId),
  ]);
  const told = new Set(collaborators);
  const base = {
    actorUserId: authorId,
    memoId,
    collectionId: first,
    at: event.publishedAt,
  };
  // one object per recipient, the shared fields spread last: new fields after a spread give
  // each object a hidden class of its own (docs/PERFORMANCE.md, "Contact counts, and spreads
  // in hot literals")
  const events: ActivityEvent[] = [
    ...collaborators.map((recipientUserId) => ({
      type: 'new_memo_collaboration',
      recipientUserId,
      ...base,
    })),
    ...followers
      .filter((id) => !told.has(id))
      .map((recipientUserId) => ({ type: 'new_memo_for_follower', recipientUserId, ...base })),
  ];
  return recordActivities(db, events);
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
      .map((recipientUserId) => ({ type: 'new_collaboration', recipientUserId, ...base })),
    ...shared
      .filter((id) => id !== actorId)
      .map((recipientUserId) => ({ type: 'new_collection', recipientUserId, ...base })),
  ]);
}

/**
 * data_export_ready to the person whose data export was just made (docs/RULES.md, The
 * account), inside the transaction that marks it ready; it leads to the export section of
 * the account settings. No actor: the server made it.
 */
export async function recordDataExportReady(db: Db, userId: number): Promise<number[]> {
  return recordActivities(db, [
    { type: 'data_export_ready', actorUserId: null, recipientUserId: userId },
  ]);
}

/**
 * call_started to the people of a collection when a call begins there (docs/notes/calls.md):
 * its owner, and its audience when they may join (user_can_join_call); never the starter.
 * Recorded in the transaction that starts the call.
 */
export async function recordCallStarted(
  db: Db,
  dialect: DialectHelpers,
  call: { collectionId: string; ownerId: number; starterId: number; openToAudience: boolean },
): Promise<number[]> {
  const state = call.openToAudience ? await sharingOf(db, call.collectionId) : null;
  const audience = state
    ? await collectionAudience(
        db,
        dialect,
        call.collectionId,
        await audienceCandidates(db, call.collectionId, state),
        false,
      )
    : [];
  const recipients = [...new Set([call.ownerId, ...audience])].filter(
    (id) => id !== call.starterId,
  );
  return recordActivities(
    db,
    recipients.map((recipientUserId) => ({
      type: 'call_started',
      actorUserId: call.starterId,
      collectionId: call.collectionId,
      recipientUserId,
    })),
  );
}
