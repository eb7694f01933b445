import type { AppContext } from '../../context.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readCount } from '../../db/dialect.js';
import { SEND_BATCH } from '../../realtime/hub.js';
import { sentenceOf, pathOf } from './describe.js';
import type { EmailDigest } from './email.js';
import { notificationTexts, shapeOf } from './live-text.js';
import { presentNotification } from './present.js';
import { channelEnabled, hiddenGroups, loadOverrides, type SettingsOverrides } from './settings.js';
import type { NotificationGroup } from './types.js';
import type { WrittenEvent } from '../../events/activity.js';
import {
  countShown,
  disabledAmong,
  eventsByIds,
  recipientsOf,
  unreadPerRecipient,
  withSubjects,
  type EventRow,
} from './store.js';

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
 * and their settings, a live socket message, then the new unread counter, a web push, and
 * the e-mail digest scheduled. Answers the people the live message went to.
 *
 * An event may have a thousand recipients: the live messages go first, in batches of
 * SEND_BATCH (one hub call each), and only then is the counter read and sent (`unread_count`),
 * so the slowest query of the fan-out does not stand before the notifications.
 */
export function createDelivery(ctx: AppContext, email: EmailDigest, push?: PushSink) {
  const { db, dialect } = ctx.database;

  async function sendLive(rows: EventRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += SEND_BATCH) {
      const batch = rows.slice(start, start + SEND_BATCH);
      const texts = notificationTexts(batch);
      await ctx.realtime.sendEach(
        batch.map((row, i) => ({ userId: row.recipient_user_id, message: texts[i]! })),
      );
    }
  }

  /**
   * The unread counters of these people: counted and sent SEND_BATCH people at a time,
   * yielding in between, so a thousand recipients never hold the event loop for one long
   * count. Most hide no group in the app and are counted together (store.ts unreadPerRecipient);
   * the few who do are counted one by one, their hidden types left out.
   */
  async function sendCounters(userIds: number[], overrides: Map<number, SettingsOverrides>) {
    for (let start = 0; start < userIds.length; start += SEND_BATCH) {
      if (start > 0) await nextTurn();
      const batch = userIds.slice(start, start + SEND_BATCH);
      const unread = new Map<number, number>(batch.map((id) => [id, 0]));
      const hiding = new Map<number, NotificationGroup[]>();
      for (const id of batch) {
        const hidden = hiddenGroups(overrides.get(id));
        if (hidden.length > 0) hiding.set(id, hidden);
      }
      const plain = batch.filter((id) => !hiding.has(id));
      for (const c of await unreadPerRecipient(db, dialect, plain)) {
        unread.set(c.recipient_user_id, readCount(c.n));
      }
      for (const [id, hidden] of hiding) {
        unread.set(id, await countShown(db, dialect, id, hidden, 'unread'));
      }
      await ctx.realtime.sendEach(
        [...unread].map(([userId, count]) => ({
          userId,
          message: { message_type: 'unread_count', unread: count },
        })),
      );
    }
  }

  return async function deliver(
    eventIds: number[],
    written?: readonly WrittenEvent[],
  ): Promise<Set<number>> {
    const rows = written ? await withSubjects(db, written) : await eventsByIds(db, eventIds);
    if (rows.length === 0) return new Set();
    const recipientIds = [...new Set(rows.map((r) => r.recipient_user_id))];
    const [overrides, disabled] = await Promise.all([
      loadOverrides(db, recipientIds),
      disabledAmong(db, recipientIds),
    ]);
    // disabled accounts are told nothing
    const wanted = rows.filter((row) => !disabled.has(row.recipient_user_id));
    const live = wanted.filter((row) =>
      channelEnabled(overrides.get(row.recipient_user_id), row.type, 'in_app'),
    );
    await sendLive(live);
    const told = new Set(live.map((row) => row.recipient_user_id));
    await sendCounters([...told], overrides);

    // locales only for the pushes, read after the live messages are out
    const pushed = push
      ? wanted.filter((row) =>
          channelEnabled(overrides.get(row.recipient_user_id), row.type, 'push'),
        )
      : [];
    const people = await recipientsOf(db, [...new Set(pushed.map((r) => r.recipient_user_id))]);
    const localeOf = new Map(people.map((p) => [p.id, p.locale]));

    const mailTo = new Set<number>();
    // one push job per distinct text (the recipients of one memo share a few locales), and
    // each text shaped once per locale
    const pushes = new Map<string, { message: PushText; userIds: number[] }>();
    const pushTexts = new Map<string, { body: string; url: string }>();
    let shaped = 0;
    for (const row of wanted) {
      // an event for a thousand people: let other requests and timers in between batches
      shaped += 1;
      if (shaped % SEND_BATCH === 0) await nextTurn();
      const userId = row.recipient_user_id;
      const own = overrides.get(userId);
      const locale = localeOf.get(userId);
      if (push && locale !== undefined && channelEnabled(own, row.type, 'push')) {
        const textKey = `${locale}\n${shapeOf(row)}`;
        let text = pushTexts.get(textKey);
        if (!text) {
          const notification = presentNotification(row);
          text = { body: sentenceOf(notification, locale), url: pathOf(notification) };
          pushTexts.set(textKey, text);
        }
        const tag = `${row.type}-${row.memo_id ?? row.collection_id ?? row.actor_user_id ?? row.id}`;
        const key = `${text.body}\n${text.url}\n${tag}`;
        const batch = pushes.get(key) ?? {
          message: { title: 'Memoria', ...text, tag },
          userIds: [],
        };
        batch.userIds.push(userId);
        pushes.set(key, batch);
      }
      if (channelEnabled(own, row.type, 'email')) mailTo.add(userId);
    }
    for (const { message, userIds } of pushes.values()) await push?.enqueue(userIds, message);
    for (const userId of mailTo) await email.schedule(userId);
    return told;
  };
}
