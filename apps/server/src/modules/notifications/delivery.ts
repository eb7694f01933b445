import type { AppContext } from '../../context.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readCount } from '../../db/dialect.js';
import { SEND_BATCH } from '../../realtime/hub.js';
import { sentenceOf, pathOf } from './describe.js';
import type { EmailDigest } from './email.js';
import { notificationTexts, shapeOf } from './live-text.js';
import { presentNotification } from './present.js';
import { channelEnabled, hiddenGroups, type SettingsOverrides } from './settings.js';
import { recipientStates } from './recipient-states-store.js';
import type { NotificationGroup } from './types.js';
import { forwardToDelegates } from './forwarding.js';
import type { WrittenEvent } from '../../events/activity.js';
import {
  countShown,
  eventsByIds,
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
 * and their settings, a live socket message and the recipient's new unread count, a web
 * push, and the e-mail digest scheduled. Answers the people the live message went to.
 *
 * An event may have a thousand recipients: the live messages go in batches of SEND_BATCH
 * (one hub call each). Where a count is a key lookup (SQLite's counter rows, migration
 * 0017) it rides in the notification message: one write per socket instead of two, and the
 * badge changes with the list. The next batch's counts are asked for as a batch goes out
 * (they overlap only where the hub's sends wait on a broker; SQLite reads synchronously).
 * Where it is counted over the unread index (PostgreSQL, migration 0016), a query that
 * grows with what people leave unread, the notifications go first and the counts follow
 * as `unread_count`, so that query never stands before them.
 */
export function createDelivery(ctx: AppContext, email: EmailDigest, push?: PushSink) {
  const { db, dialect } = ctx.database;
  const countsRideAlong = dialect.name === 'sqlite';

  /**
   * The unread counts of these people, after the events were written. Most hide no group in
   * the app and are counted together (store.ts unreadPerRecipient); the few who do are
   * counted one by one, their hidden types left out.
   */
  async function unreadOf(
    userIds: number[],
    overrides: Map<number, SettingsOverrides>,
  ): Promise<Map<number, number>> {
    const unread = new Map<number, number>(userIds.map((id) => [id, 0]));
    const hiding = new Map<number, NotificationGroup[]>();
    for (const id of userIds) {
      const hidden = hiddenGroups(overrides.get(id));
      if (hidden.length > 0) hiding.set(id, hidden);
    }
    const plain = userIds.filter((id) => !hiding.has(id));
    for (const c of await unreadPerRecipient(db, dialect, plain)) {
      unread.set(c.recipient_user_id, readCount(c.n));
    }
    for (const [id, hidden] of hiding) {
      unread.set(id, await countShown(db, dialect, id, hidden, 'unread'));
    }
    return unread;
  }

  const recipientsIn = (rows: readonly EventRow[]) => [
    ...new Set(rows.map((row) => row.recipient_user_id)),
  ];

  /** One batch of notifications (with each recipient's count when `unread` has it). */
  function sendBatch(batch: EventRow[], unread?: ReadonlyMap<number, number>) {
    const texts = notificationTexts(batch, unread);
    return ctx.realtime.sendEach(
      batch.map((row, i) => ({ userId: row.recipient_user_id, message: texts[i]! })),
    );
  }

  /** The notifications, each with its recipient's count (SQLite). */
  async function sendWithCounts(batches: EventRow[][], overrides: Map<number, SettingsOverrides>) {
    const countsOf = (batch: EventRow[] | undefined) =>
      batch ? unreadOf(recipientsIn(batch), overrides) : undefined;
    let unread = await countsOf(batches[0]);
    for (const [index, batch] of batches.entries()) {
      const [following] = await Promise.all([
        countsOf(batches[index + 1]),
        sendBatch(batch, unread),
      ]);
      unread = following;
    }
  }

  /** The notifications, then the counts as `unread_count`, 200 people a query (PostgreSQL). */
  async function sendThenCount(batches: EventRow[][], overrides: Map<number, SettingsOverrides>) {
    for (const batch of batches) await sendBatch(batch);
    const people = recipientsIn(batches.flat());
    for (let start = 0; start < people.length; start += SEND_BATCH) {
      const unread = await unreadOf(people.slice(start, start + SEND_BATCH), overrides);
      await ctx.realtime.sendEach(
        [...unread].map(([userId, count]) => ({
          userId,
          message: { message_type: 'unread_count', unread: count },
        })),
      );
    }
  }

  async function sendLive(rows: EventRow[], overrides: Map<number, SettingsOverrides>) {
    const batches: EventRow[][] = [];
    for (let start = 0; start < rows.length; start += SEND_BATCH) {
      batches.push(rows.slice(start, start + SEND_BATCH));
    }
    await (countsRideAlong ? sendWithCounts : sendThenCount)(batches, overrides);
  }

  return async function deliver(
    eventIds: number[],
    written?: readonly WrittenEvent[],
  ): Promise<Set<number>> {
    const rows = written ? await withSubjects(db, written) : await eventsByIds(db, eventIds);
    if (rows.length === 0) return new Set();
    const recipientIds = [...new Set(rows.map((r) => r.recipient_user_id))];
    const { disabled, overrides, locales, delegates } = await recipientStates(db, recipientIds);
    // copies for the delegates of accounts that forward theirs, delivered as events of their own
    const forwarded = await forwardToDelegates(db, rows, delegates);
    if (forwarded.length > 0) ctx.activity.dispatch(forwarded);
    // disabled accounts are told nothing
    const wanted = rows.filter((row) => !disabled.has(row.recipient_user_id));
    const live = wanted.filter((row) =>
      channelEnabled(overrides.get(row.recipient_user_id), row.type, 'in_app'),
    );
    await sendLive(live, overrides);
    const told = new Set(live.map((row) => row.recipient_user_id));

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
      const locale = locales.get(userId);
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
    await email.schedule([...mailTo]);
    return told;
  };
}
