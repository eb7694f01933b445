import { iri, initialsOf } from '@memoria/domain';
import { z } from 'zod';
import { isoTime, readJson } from '../../db/dialect.js';
import type { EventRow, VisibleSubjects } from './store.js';
import { avatarUrl } from '../users/people.js';
import { userSummaryAnswer } from '../users/people-answers.js';

/** One notification as the API answers it (docs/DOMAIN.md, Entities: Notification). */
export const notificationAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  type: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  from_user: userSummaryAnswer.nullable(),
  memo: z.object({ id: z.number(), '@id': z.string(), title: z.string() }).nullable(),
  collection: z.object({ id: z.string(), '@id': z.string(), name: z.string() }).nullable(),
  connection: z.object({ id: z.number(), '@id': z.string() }).nullable(),
  thread: z.object({ id: z.number(), '@id': z.string() }).nullable(),
  system_notification: z
    .object({ title: z.string(), description: z.string(), url: z.string().nullable() })
    .nullable(),
  memo_document: z.object({ id: z.number(), file_name: z.string().nullable() }).nullable(),
  replaced_memo_document: z.object({ id: z.number(), file_name: z.string().nullable() }).nullable(),
  /**
   * The memo or collection it is about exists but its recipient may no longer read it;
   * `memo` / `collection` (and the memo's documents) are then null, so no title, name or
   * file name is told.
   */
  unavailable: z.boolean(),
});
export type NotificationAnswer = z.infer<typeof notificationAnswer>;

interface Payload {
  title?: unknown;
  description?: unknown;
  url?: unknown;
  replaced_document_id?: unknown;
  file_name?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * `visible`: what the recipient may read now, where access may have ended since the
 * notification was stored (lists); without it, all is shown (delivery at the event).
 */
export function presentNotification(row: EventRow, visible?: VisibleSubjects): NotificationAnswer {
  const payload = readJson<Payload>(row.payload, {});
  const replacedId = Number(payload.replaced_document_id);
  const memoHidden =
    visible !== undefined &&
    row.memo_id !== null &&
    row.memo_title !== null &&
    !visible.memos.has(row.memo_id);
  const collectionHidden =
    visible !== undefined &&
    row.collection_id !== null &&
    row.collection_name !== null &&
    !visible.collections.has(row.collection_id);
  const actorBlocked =
    visible !== undefined &&
    row.actor_user_id !== null &&
    visible.blockedActors.has(row.actor_user_id);
  return {
    id: row.id,
    '@id': `/api/notification/${row.id}`,
    type: row.type,
    created_at: isoTime(row.created_at) ?? '',
    reviewed_at: isoTime(row.reviewed_at),
    from_user:
      row.actor_user_id !== null && row.actor_name !== null && !actorBlocked
        ? {
            id: row.actor_user_id,
            '@id': iri('user', row.actor_user_id),
            name: row.actor_name,
            picture: avatarUrl(row.actor_avatar_id, '220w'),
            label: initialsOf(row.actor_name),
          }
        : null,
    memo:
      row.memo_id !== null && row.memo_title !== null && !memoHidden
        ? { id: row.memo_id, '@id': `/api/memo/${row.memo_id}`, title: row.memo_title }
        : null,
    collection:
      row.collection_id !== null && row.collection_name !== null && !collectionHidden
        ? {
            id: row.collection_id,
            '@id': iri('collection', row.collection_id),
            name: row.collection_name,
          }
        : null,
    connection:
      row.connection_id !== null
        ? { id: row.connection_id, '@id': `/api/connection/${row.connection_id}` }
        : null,
    thread:
      row.thread_id !== null ? { id: row.thread_id, '@id': iri('thread', row.thread_id) } : null,
    system_notification:
      row.type === 'system_notification'
        ? {
            title: text(payload.title) ?? '',
            description: text(payload.description) ?? '',
            url: text(payload.url),
          }
        : null,
    memo_document:
      row.attachment_id !== null && !memoHidden
        ? { id: row.attachment_id, file_name: row.document_file_name ?? null }
        : null,
    replaced_memo_document:
      Number.isInteger(replacedId) && replacedId > 0 && !memoHidden
        ? { id: replacedId, file_name: text(payload.file_name) }
        : null,
    unavailable: memoHidden || collectionHidden || actorBlocked,
  };
}
