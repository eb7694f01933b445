import { presentNotification } from './present.js';
import type { EventRow } from './store.js';

/** Stands in for the id while a notification's text is built once for many recipients. */
const PLACEHOLDER = -1;

/** What a notification shows besides its id: equal for the recipients of one change. */
export function shapeOf(row: EventRow): string {
  const payload = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
  return JSON.stringify([
    row.type,
    row.actor_user_id,
    row.actor_name,
    row.actor_avatar_id,
    row.memo_id,
    row.memo_title,
    row.collection_id,
    row.collection_name,
    row.connection_id,
    row.thread_id,
    row.attachment_id,
    row.document_file_name,
    payload,
    String(row.created_at),
    row.reviewed_at === null ? null : String(row.reviewed_at),
  ]);
}

const idPart = (id: number) => `"id":${id},"@id":"/api/notification/${id}"`;

/**
 * The socket text (`notification` message) of each row, with its recipient's unread count
 * when `unread` knows it. The rows of one change (a comment for a thousand watchers) differ
 * only in their id, recipient and count, so the text is built and serialised once per shape
 * and those written into it: the same text `JSON.stringify` gives for each message on its own.
 */
export function notificationTexts(
  rows: readonly EventRow[],
  unread: ReadonlyMap<number, number> = new Map(),
): string[] {
  const templates = new Map<string, [string, string] | null>();
  return rows.map((row) => {
    const count = unread.get(row.recipient_user_id);
    const shape = shapeOf(row);
    let template = templates.get(shape);
    if (template === undefined) {
      const text = JSON.stringify({
        message_type: 'notification',
        notification: presentNotification({ ...row, id: PLACEHOLDER }),
      });
      // The id is the first field of the notification; quotes inside strings are escaped,
      // so the first match is the id itself. The closing brace is left for the count.
      const cut = text.indexOf(idPart(PLACEHOLDER));
      template =
        cut < 0 ? null : [text.slice(0, cut), text.slice(cut + idPart(PLACEHOLDER).length, -1)];
      templates.set(shape, template);
    }
    if (!template) {
      return JSON.stringify({
        message_type: 'notification',
        notification: presentNotification(row),
        ...(count === undefined ? {} : { unread: count }),
      });
    }
    const tail = count === undefined ? '}' : `,"unread":${count}}`;
    return template[0] + idPart(row.id) + template[1] + tail;
  });
}
