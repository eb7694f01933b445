import type { Kysely } from 'kysely';
import type { ActivityEvent } from '../../events/index.js';
import { recordActivities } from '../../events/index.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { readJson } from '../../db/dialect.js';
import type { EventRow } from './store.js';

/** About the delegation itself: meant for one person, never passed on. */
const NOT_FORWARDED = new Set(['new_delegation', 'delegation_revoked', 'new_workspace_delegation']);

/**
 * delegate_notifications (docs/notes/workspaces.md): an account that forwards its
 * notifications has each one copied to its live delegates, marked `forwarded_for` so a copy
 * is never passed on again. `delegates`: each recipient's live delegates, where their account
 * forwards (recipient-states-store.ts). Answers the ids of the copies, to dispatch like any event.
 */
export async function forwardToDelegates(
  db: Kysely<DatabaseSchema>,
  rows: readonly EventRow[],
  delegates: ReadonlyMap<number, readonly number[]>,
): Promise<number[]> {
  const originals = rows.filter((row) => {
    const payload = readJson<Record<string, unknown>>(row.payload, {});
    return !NOT_FORWARDED.has(row.type) && payload.forwarded_for === undefined;
  });
  const copies: ActivityEvent[] = [];
  for (const row of originals) {
    for (const delegate of delegates.get(row.recipient_user_id) ?? []) {
      // the delegate did it themselves (acting for the account): nothing to tell them
      if (delegate === row.actor_user_id) continue;
      copies.push({
        type: row.type,
        actorUserId: row.actor_user_id,
        recipientUserId: delegate,
        connectionId: row.connection_id,
        memoId: row.memo_id,
        collectionId: row.collection_id,
        threadId: row.thread_id,
        attachmentId: row.attachment_id,
        payload: {
          ...readJson<Record<string, unknown>>(row.payload, {}),
          forwarded_for: row.recipient_user_id,
        },
      });
    }
  }
  return copies.length === 0 ? [] : recordActivities(db, copies);
}
