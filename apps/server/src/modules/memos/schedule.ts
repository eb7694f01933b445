import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { Database } from '../../db/database.js';
import { readTime } from '../../db/dialect.js';
import { violation } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MemoEvents, MemoPublishedEvent } from './events.js';
import { publishScheduled, scheduleOf } from './write-store.js';

/**
 * Scheduled publication (docs/DOMAIN.md, Validation; docs/RULES.md, Limits, Plan gates: "Scheduling
 * a memo needs Silver"): a scheduled memo stays the author's alone (status 'scheduled',
 * published_at null) until the durable job `memo.publish` publishes it at its time.
 */

export const PUBLISH_JOB = 'memo.publish';
export const publishJobKey = (memoId: number) => `memo.publish:${memoId}`;

export interface PublishPayload {
  memoId: number;
  /** the schedule the job was queued for; a changed schedule makes it a no-op */
  at: string;
}

export interface Publication {
  status: 'published' | 'scheduled';
  memoScheduled: Date | null;
  publishedAt: Date | null;
  /** the event to emit in the write's transaction, if it publishes the memo now */
  emit: MemoPublishedEvent['reason'] | null;
}

export interface CurrentSchedule {
  status: string;
  published_at: unknown;
  memo_scheduled: unknown;
}

/** Decides the memo's status from a write; throws 422 on `memo_scheduled`. */
export function decideSchedule(
  input: { isScheduled: boolean; memo_scheduled?: string | null },
  context: { maySchedule: boolean; now: Date; current?: CurrentSchedule },
): Publication {
  const { current, now } = context;
  const wasPublished = current !== undefined && current.status !== 'scheduled';
  if (!input.isScheduled) {
    if (wasPublished) {
      return {
        status: 'published',
        memoScheduled: readTime(current.memo_scheduled),
        publishedAt: readTime(current.published_at) ?? now,
        emit: null,
      };
    }
    return {
      status: 'published',
      memoScheduled: null,
      publishedAt: now,
      emit: current ? 'unscheduled' : 'created',
    };
  }
  if (wasPublished) throw violation('memo_scheduled', 'memo.alreadyPublished');
  if (!context.maySchedule) throw violation('memo_scheduled', 'memo.scheduleNeedsSilver');
  const at = readTime(input.memo_scheduled ?? null);
  if (!at) throw violation('memo_scheduled', 'memo.scheduleDateRequired');
  if (at.getTime() <= now.getTime()) throw violation('memo_scheduled', 'memo.scheduledInPast');
  return { status: 'scheduled', memoScheduled: at, publishedAt: null, emit: null };
}

/** Queues (or replaces) the memo's publish job, or removes it, in the write's transaction. */
export async function syncPublishJob(
  jobs: JobQueue,
  trx: Kysely<DatabaseSchema>,
  memoId: number,
  publication: Publication,
  wasScheduled: boolean,
): Promise<void> {
  if (publication.status === 'scheduled' && publication.memoScheduled) {
    const payload: PublishPayload = { memoId, at: publication.memoScheduled.toISOString() };
    await jobs.enqueue(PUBLISH_JOB, payload, {
      runAt: publication.memoScheduled,
      uniqueKey: publishJobKey(memoId),
      db: trx,
    });
  } else if (wasScheduled) {
    await jobs.cancel(publishJobKey(memoId), { db: trx });
  }
}

function isPayload(value: unknown): value is PublishPayload {
  const p = value as Partial<PublishPayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger(p.memoId) &&
    typeof p.at === 'string' &&
    readTime(p.at) !== null
  );
}

/**
 * Publishes a scheduled memo: status published, published_at = its scheduled time,
 * notification_sent, and `onMemoPublished` in the same transaction. Safe to run again: a
 * memo already published, deleted or rescheduled is left alone.
 */
export async function publishScheduledMemo(
  database: Database,
  events: MemoEvents,
  payload: PublishPayload,
): Promise<boolean> {
  const { db, dialect } = database;
  const at = readTime(payload.at) as Date;
  return db.transaction().execute(async (trx) => {
    const memo = await scheduleOf(trx, payload.memoId);
    if (!memo || memo.status !== 'scheduled') return false;
    if (readTime(memo.memo_scheduled)?.getTime() !== at.getTime()) return false;
    if (!(await publishScheduled(trx, dialect, memo.id, at))) return false;
    await events.emitPublished({
      memoId: memo.id,
      authorId: memo.user_id,
      publishedAt: at,
      reason: 'scheduled',
      db: trx,
    });
    return true;
  });
}

export function registerPublishJob(jobs: JobQueue, database: Database, events: MemoEvents): void {
  jobs.register(PUBLISH_JOB, async (payload: unknown) => {
    // A malformed payload cannot get better by retrying: nothing to do.
    if (!isPayload(payload)) return;
    await publishScheduledMemo(database, events, payload);
  });
}
