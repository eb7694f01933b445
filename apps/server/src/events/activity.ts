import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { dialectHelpers, type DialectHelpers, type DialectName } from '../db/dialect.js';

/**
 * Activity events: what happened, to whom, by whom. The notifications work builds its
 * list from these rows; any module records them with `recordActivity`, inside the
 * transaction of the change it reports so an event never describes a write that failed.
 */
export interface ActivityEvent {
  /** a notification type of docs/DOMAIN.md, Entities (new_follower, accepted_connection, …) */
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
    .values(columnsOf(rowOf(d, event, d.time(new Date()))))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per INSERT: keeps the bound parameters well under SQLite's limit. */
const BATCH = 500;

const COLUMNS = [
  'type',
  'actor_user_id',
  'recipient_user_id',
  'connection_id',
  'memo_id',
  'collection_id',
  'thread_id',
  'attachment_id',
  'payload',
  'created_at',
] as const;

/** The column types PostgreSQL gets each column's array as (`insertColumns`). */
const ARRAY_TYPES: Record<(typeof COLUMNS)[number], string> = {
  type: 'varchar[]',
  actor_user_id: 'integer[]',
  recipient_user_id: 'integer[]',
  connection_id: 'integer[]',
  memo_id: 'integer[]',
  collection_id: 'varchar[]',
  thread_id: 'integer[]',
  attachment_id: 'integer[]',
  payload: 'jsonb[]',
  created_at: 'timestamptz[]',
};

/**
 * PostgreSQL: one array per column, unnested into rows (in order, so the ids come back in
 * the rows' order). Ten parameters instead of ten per row: with 500 rows of five thousand
 * values, binding and planning the statement cost about a third of the INSERT.
 */
const INSERT_COLUMNS = `insert into activity_events (${COLUMNS.join(', ')})
  select * from unnest(${COLUMNS.map((column, i) => `$${i + 1}::${ARRAY_TYPES[column]}`).join(', ')})
  returning id`;

/** The SQLite INSERT of a full batch, written once. */
let fullBatchInsert: string | undefined;

/**
 * SQLite: the INSERT … RETURNING id of `count` events. Written as text rather than built with
 * Kysely: compiling 500 rows of ten values took 0.8 ms per batch, a sixth of the whole
 * write of a comment's thousand notifications.
 */
function insertRows(count: number): string {
  if (count === BATCH && fullBatchInsert) return fullBatchInsert;
  const tuples = Array.from({ length: count }, () => `(${COLUMNS.map(() => '?').join(', ')})`);
  const text = `insert into activity_events (${COLUMNS.join(', ')}) values ${tuples.join(', ')} returning id`;
  if (count === BATCH) fullBatchInsert = text;
  return text;
}

/** The statement writing `rows` and its parameters, per engine. */
function insertOf(dialect: DialectName, rows: readonly WrittenEvent[]): CompiledQuery {
  if (dialect === 'postgres') {
    return CompiledQuery.raw(
      INSERT_COLUMNS,
      COLUMNS.map((column) => rows.map((row) => row[column])),
    );
  }
  return CompiledQuery.raw(
    insertRows(rows.length),
    rows.flatMap((row) => COLUMNS.map((column) => row[column])),
  );
}

/**
 * An event as just written: its columns as the database holds them (the notifications
 * module reads the same values back), so delivery need not read a thousand rows again.
 */
export type WrittenEvent = ReturnType<typeof rowOf>;

/** Writes several events (e.g. one per follower) in batches; answers them with their ids, in order. */
export async function writeActivities(
  db: Kysely<DatabaseSchema>,
  events: ActivityEvent[],
): Promise<WrittenEvent[]> {
  const d = dialectOf(db);
  const now = d.time(new Date());
  // each row is made once, whole, and gets its id in place: a fan-out to thousands copied
  // each into a new object after the INSERT (2 ms per 1,000)
  const written = events.map((event) => rowOf(d, event, now));
  for (let start = 0; start < written.length; start += BATCH) {
    const rows = written.slice(start, start + BATCH);
    const result = await db.executeQuery<{ id: number }>(insertOf(d.name, rows));
    result.rows.forEach(({ id }, i) => {
      rows[i]!.id = id;
    });
  }
  return written;
}

/** `writeActivities`, answering the ids only. */
export async function recordActivities(
  db: Kysely<DatabaseSchema>,
  events: ActivityEvent[],
): Promise<number[]> {
  return (await writeActivities(db, events)).map((event) => event.id);
}

/** The columns an INSERT writes (the id is the database's). */
function columnsOf(row: WrittenEvent) {
  const { id: _written, ...columns } = row;
  return columns;
}

function rowOf(d: DialectHelpers, event: ActivityEvent, now: Date | string) {
  return {
    /** set once written */
    id: 0,
    type: event.type,
    actor_user_id: event.actorUserId,
    recipient_user_id: event.recipientUserId,
    connection_id: event.connectionId ?? null,
    memo_id: event.memoId ?? null,
    collection_id: event.collectionId ?? null,
    thread_id: event.threadId ?? null,
    attachment_id: event.attachmentId ?? null,
    payload: d.json(event.payload ?? {}),
    created_at: event.at ? d.time(event.at) : now,
    reviewed_at: null,
  };
}
