import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { presentNotification, type NotificationAnswer } from './present.js';
import {
  channelEnabled,
  hiddenGroups,
  loadOverrides,
  saveSettings,
  settingsAnswer,
  type GroupSetting,
  type SettingChange,
} from './settings.js';
import {
  countOwned,
  countShown,
  deleteEvents,
  eventsByIds,
  listPage,
  setReviewed,
  visibleSubjects,
  type EventRow,
} from './store.js';

/**
 * Those of `userIds` whose settings let `type` reach them through `channel` (and in the app,
 * as a group off in the app is off everywhere): for modules that notify outside stored
 * notifications, as the messenger's web push does.
 */
export async function peopleWanting(
  ctx: AppContext,
  userIds: readonly number[],
  type: string,
  channel: 'push' | 'email',
  db = ctx.database.db,
): Promise<number[]> {
  const overrides = await loadOverrides(db, userIds);
  return userIds.filter((id) => {
    const own = overrides.get(id);
    return channelEnabled(own, type, 'in_app') && channelEnabled(own, type, channel);
  });
}

const notificationNotFound = () => new ApiError(404, 'notifications.notFound');

/**
 * The recipient's side of notifications (docs/API.md, Calls): list, unread counter, review,
 * unreview, delete. After each change the other tabs of that person get the new counter.
 */
export function createNotificationService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  async function hiddenFor(userId: number) {
    return hiddenGroups((await loadOverrides(db, [userId])).get(userId));
  }

  async function unread(userId: number): Promise<number> {
    return countShown(db, dialect, userId, await hiddenFor(userId), 'unread');
  }

  /** Tells every open tab of the person the new counter; a failure only delays it. */
  async function announce(userId: number): Promise<number> {
    const count = await unread(userId);
    await ctx.realtime
      .sendToUsers([userId], { message_type: 'unread_count', unread: count })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'unread counter not delivered'));
    return count;
  }

  async function assertOwned(userId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0 || (await countOwned(db, userId, unique)) !== unique.length) {
      throw notificationNotFound();
    }
    return unique;
  }

  /** Rows as answers, without the titles of memos and collections no longer visible. */
  async function present(userId: number, rows: EventRow[]): Promise<NotificationAnswer[]> {
    const visible = await visibleSubjects(db, dialect, userId, rows);
    return rows.map((row) => presentNotification(row, visible));
  }

  return {
    unread,

    async list(
      userId: number,
      page: { limit: number; offset: number },
    ): Promise<{ members: NotificationAnswer[]; total: number }> {
      const hidden = await hiddenFor(userId);
      const [rows, total] = await Promise.all([
        listPage(db, userId, hidden, page),
        countShown(db, dialect, userId, hidden, 'all'),
      ]);
      return { members: await present(userId, rows), total };
    },

    async one(userId: number, id: number): Promise<NotificationAnswer> {
      const [row] = await eventsByIds(db, [id]);
      if (!row || row.recipient_user_id !== userId) throw notificationNotFound();
      const [answer] = await present(userId, [row]);
      return answer!;
    },

    async review(userId: number, ids: readonly number[]): Promise<number> {
      const owned = await assertOwned(userId, ids);
      await setReviewed(db, dialect, userId, owned, true);
      return announce(userId);
    },

    async reviewAll(userId: number): Promise<number> {
      await setReviewed(db, dialect, userId, 'all', true);
      return announce(userId);
    },

    async unreview(userId: number, id: number): Promise<number> {
      const owned = await assertOwned(userId, [id]);
      await setReviewed(db, dialect, userId, owned, false);
      return announce(userId);
    },

    async remove(userId: number, id: number): Promise<number> {
      const owned = await assertOwned(userId, [id]);
      await deleteEvents(db, userId, owned);
      return announce(userId);
    },

    async removeAll(userId: number): Promise<number> {
      await deleteEvents(db, userId, 'all');
      return announce(userId);
    },

    async settings(userId: number): Promise<GroupSetting[]> {
      return settingsAnswer((await loadOverrides(db, [userId])).get(userId));
    },

    async saveSettings(userId: number, changes: readonly SettingChange[]) {
      await saveSettings(db, dialect, userId, changes);
      // turning a group off or on in the app changes the counter of every tab
      await announce(userId);
      return settingsAnswer((await loadOverrides(db, [userId])).get(userId));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
