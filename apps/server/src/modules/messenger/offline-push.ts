import { isEmptyMessageText } from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';
import { whoIsOnline } from '../../realtime/index.js';
import { MESSAGE_DIGEST_TYPE, peopleWanting, scheduleDigests } from '../notifications/index.js';
import { createPushSender } from '../push/index.js';
import { markArrivedOffline } from './digest-store.js';
import type { MemberRow } from './store.js';

/** Longest message text a push shows. */
const PUSH_TEXT_MAX = 140;

export interface OfflineNews {
  threadId: number;
  seq: number;
  senderName: string;
  text: string;
}

/**
 * A new message for members with no open socket (docs/notes/messenger.md, Notifications),
 * unless they muted the conversation: a web push (the push of the `messages` settings group)
 * and, noted on their membership, a place in their next e-mail digest. The sender is never
 * told. `offlineMembers` is asked before the message's transaction and `note` runs inside
 * it, so the message and what tells the absent about it are written together, in one commit.
 */
export function createOfflinePush(ctx: AppContext) {
  const sender = createPushSender(ctx);
  return {
    async offlineMembers(
      senderId: number,
      members: Pick<MemberRow, 'user_id' | 'muted'>[],
    ): Promise<number[]> {
      const candidates = members
        .filter((m) => m.user_id !== senderId && !readBool(m.muted))
        .map((m) => m.user_id);
      if (candidates.length === 0) return [];
      const online = await whoIsOnline(ctx.realtime, candidates);
      return candidates.filter((id) => !online.has(id));
    },

    async note(trx: Kysely<DatabaseSchema>, recipients: number[], news: OfflineNews) {
      if (recipients.length === 0) return;
      await markArrivedOffline(trx, news.threadId, recipients, news.seq);
      await scheduleDigests(ctx, recipients, undefined, trx);
      const pushTo = await peopleWanting(ctx, recipients, MESSAGE_DIGEST_TYPE, 'push', trx);
      if (pushTo.length === 0) return;
      const text = isEmptyMessageText(news.text) ? '📎' : news.text;
      await sender.enqueue(trx, pushTo, {
        title: news.senderName,
        body: text.length > PUSH_TEXT_MAX ? `${text.slice(0, PUSH_TEXT_MAX - 1)}…` : text,
        url: `/messages/t/${news.threadId}`,
        tag: `thread-${news.threadId}`,
      });
    },
  };
}
