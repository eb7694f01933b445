import type { AppContext } from '../../context.js';
import { readCount } from '../../db/dialect.js';
import { sentenceOf, pathOf } from './describe.js';
import { presentNotification } from './present.js';
import { channelEnabled, loadOverrides } from './settings.js';
import { eventsByIds, recipientsOf, unreadByType } from './store.js';
import type { EmailDigest } from './email.js';
import { SEND_BATCH } from '../../realtime/hub.js';

export interface PushText {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** Queues web pushes (the push module's sender). */
export interface PushSink {
  enqueue(userIds: number[], message: PushText): Promise<void>;
}

/**
 * The activity handler (ctx.activity.setHandler): for each committed event, per recipient
 * and their settings, a live socket message with the new counter, a web push, and the
 * e-mail digest scheduled.
 */
export function createDelivery(ctx: AppContext, email: EmailDigest, push?: PushSink) {
  const { db } = ctx.database;

  return async function deliver(eventIds: number[]): Promise<void> {
    const rows = await eventsByIds(db, eventIds);
    if (rows.length === 0) return;
    const recipientIds = [...new Set(rows.map((r) => r.recipient_user_id))];
    const [overrides, counts, people] = await Promise.all([
      loadOverrides(db, recipientIds),
      unreadByType(db, recipientIds),
      recipientsOf(db, recipientIds),
    ]);
    const unread = new Map<number, number>();
    for (const c of counts) {
      if (!channelEnabled(overrides.get(c.recipient_user_id), c.type, 'in_app')) continue;
      unread.set(c.recipient_user_id, (unread.get(c.recipient_user_id) ?? 0) + readCount(c.n));
    }
    const localeOf = new Map(people.map((p) => [p.id, p.locale]));
    const mailTo = new Set<number>();
    // one push job per distinct text (the recipients of one memo share a few locales)
    const pushes = new Map<string, { message: PushText; userIds: number[] }>();

    let shaped = 0;
    for (const row of rows) {
      // an event for a thousand people: let other requests and timers in between batches
      shaped += 1;
      if (shaped % SEND_BATCH === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const userId = row.recipient_user_id;
      if (!localeOf.has(userId)) continue; // disabled account
      const own = overrides.get(userId);
      const notification = presentNotification(row);
      if (channelEnabled(own, row.type, 'in_app')) {
        await ctx.realtime.sendToUsers([userId], {
          message_type: 'notification',
          notification,
          unread: unread.get(userId) ?? 0,
        });
      }
      if (push && channelEnabled(own, row.type, 'push')) {
        const message: PushText = {
          title: 'Memoria',
          body: sentenceOf(notification, localeOf.get(userId) ?? 'en'),
          url: pathOf(notification),
          tag: `${row.type}-${row.memo_id ?? row.collection_id ?? row.actor_user_id ?? row.id}`,
        };
        const key = JSON.stringify(message);
        const batch = pushes.get(key) ?? { message, userIds: [] };
        batch.userIds.push(userId);
        pushes.set(key, batch);
      }
      if (channelEnabled(own, row.type, 'email')) mailTo.add(userId);
    }
    for (const { message, userIds } of pushes.values()) await push?.enqueue(userIds, message);
    for (const userId of mailTo) await email.schedule(userId);
  };
}
