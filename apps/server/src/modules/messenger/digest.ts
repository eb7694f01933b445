import { isEmptyMessageText } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { DigestSource } from '../notifications/index.js';
import { claimMailed, threadsToMail, unreadSince } from './digest-store.js';

/** Conversations one digest lists at most (the mail's other lines are capped alike). */
const DIGEST_THREADS = 20;
/** Longest excerpt of the newest message a digest shows. */
const EXCERPT_MAX = 100;

/**
 * The messenger's part of the notifications' e-mail digest (docs/notes/messenger.md,
 * Notifications): per unmuted conversation with messages that arrived while the person had no
 * open socket, unread and not mailed yet, how many and the newest one. Each conversation is
 * claimed up to its newest message before it is listed, so no run reports it again.
 */
export function createMessageDigest(ctx: AppContext): DigestSource {
  const { db, dialect } = ctx.database;
  return {
    async collect(userId, enabled) {
      const rows = await threadsToMail(db, dialect, userId, DIGEST_THREADS);
      const threads = [];
      for (const row of rows) {
        const after = Math.max(row.last_read_seq, row.mailed_seq);
        const unread = enabled ? await unreadSince(db, row.id, userId, after) : undefined;
        // another run took it
        if (!(await claimMailed(db, row.id, userId, row.last_seq))) continue;
        if (!unread?.newest || unread.count === 0) continue;
        const text = unread.newest.description;
        const excerpt = isEmptyMessageText(text)
          ? '📎'
          : text.length > EXCERPT_MAX
            ? `${text.slice(0, EXCERPT_MAX - 1)}…`
            : text;
        threads.push({
          title: row.thread_type === 'group' ? row.name : null,
          count: unread.count,
          sender: unread.newest.name,
          excerpt,
          url: `/messages/t/${row.id}`,
        });
      }
      return threads;
    },
  };
}
