import { PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { dialectHelpers, type DialectHelpers } from '../db/dialect.js';

/**
 * Activity events: what happened, to whom, by whom. The notifications work builds its
 * list from these rows; any module records them with `recordActivity`, inside the
 * transaction of the change it reports so an event never describes a write that failed.
 */
export interface ActivityEvent {
  /** a notification type of spec part 1 §3 (new_follower, accepted_connection, …) */
  type: string;
  actorUserId: number | null;
  recipientUserId: number;
  connectionId?: number | null;
  memoId?: number | null;
  collectionId?: string | null;
  threadId?: number | null;
  attachmentId?: number | null;
  /** anything else the notification text needs */
  payload?: Record<string, unknown>;
  /** defaults to now */
  at?: Date;
}

/** The engine behind a Kysely instance or transaction, for the value helpers. */
export function dialectOf(db: Kysely<DatabaseSchema>): DialectHelpers {
  return dialectHelpers(
    db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite',
  );
}

/** Writes one event; pass the transaction of the change it reports. Answers the event id. */
export async function recordActivity(
  db: Kysely<DatabaseSchema>,
  event: ActivityEvent,
): Promise<number> {
  const d = dialectOf(db);
  const row = await db
    .insertInto('activity_events')
    .values(rowOf(d, event, new Date()))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per INSERT: keeps the bound parameters well under SQLite's limit. */
const BATCH = 500;

/** Writes several events (e.g. one per follower) in batches; answers their ids. */
export async function recordActivities(
  db: Kysely<DatabaseSchema>,
  events: ActivityEvent[],
): Promise<number[]> {
  const d = dialectOf(db);
  const now = new Date();
  const ids: number[] = [];
  for (let start = 0; start < events.length; start += BATCH) {
    const rows = await db
      .insertInto('activity_events')
      .values(events.slice(start, start + BATCH).map((event) => rowOf(d, event, now)))
      .returning('id')
      .execute();
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

function rowOf(d: DialectHelpers, event: ActivityEvent, now: Date) {
  return {
    type: event.type,
    actor_user_id: event.actorUserId,
    recipient_user_id: event.recipientUserId,
    connection_id: event.connectionId ?? null,
    memo_id: event.memoId ?? null,
    collection_id: event.collectionId ?? null,
    thread_id: event.threadId ?? null,
    attachment_id: event.attachmentId ?? null,
    payload: d.json(event.payload ?? {}),
    created_at: d.time(event.at ?? now),
  };
}
