import { isEmptyMessageText, type Message } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { onlineAnywhere } from '../../realtime/index.js';
import { MESSAGE_DIGEST_TYPE, peopleWanting, scheduleDigests } from '../notifications/index.js';
import { createPushSender } from '../push/index.js';
import { markArrivedOffline } from './digest-store.js';
import type { MemberRow } from './store.js';

/** Longest message text a push shows. */
const PUSH_TEXT_MAX = 140;

/**
 * A new message for members with no open socket (docs/notes/messenger.md, Notifications),
 * unless they muted the conversation: a web push (the push of the `messages` settings group)
 * and, noted on their membership, a place in their next e-mail digest. The sender is never told.
 */
export function createOfflinePush(ctx: AppContext) {
  const sender = createPushSender(ctx);
  return async function pushOffline(message: Message, members: MemberRow[]): Promise<void> {
    try {
      const online = new Set(await onlineAnywhere(ctx.realtime));
      const recipients = members
        .filter((m) => m.user_id !== message.user.id && !readBool(m.muted))
        .map((m) => m.user_id)
        .filter((id) => !online.has(id));
      if (recipients.length === 0) return;
      await markArrivedOffline(ctx.database.db, message.thread_id, recipients, message.seq);
      await scheduleDigests(ctx, recipients);
      const pushTo = await peopleWanting(ctx, recipients, MESSAGE_DIGEST_TYPE, 'push');
      if (pushTo.length === 0) return;
      const text = isEmptyMessageText(message.description) ? '📎' : message.description;
      await sender.enqueue(ctx.database.db, pushTo, {
        title: message.user.name,
        body: text.length > PUSH_TEXT_MAX ? `${text.slice(0, PUSH_TEXT_MAX - 1)}…` : text,
        url: `/messages/t/${message.thread_id}`,
        tag: `thread-${message.thread_id}`,
      });
    } catch (error) {
      ctx.log.warn({ err: error }, 'messenger push not queued');
    }
  };
}
