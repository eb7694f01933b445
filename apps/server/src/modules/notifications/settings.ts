import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool, type DialectHelpers } from '../../db/dialect.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  OWN_EMAIL_TYPES,
  defaultEnabled,
  groupOf,
  type NotificationChannel,
  type NotificationGroup,
} from './types.js';
import { deleteSetting, settingRowsOf, upsertSetting } from './store.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Notification settings per person, group of types and channel. Only what differs from the
 * defaults of ./types.ts is stored (notification_settings.type holds the group key).
 */
export type SettingsOverrides = Map<string, boolean>;

const keyOf = (group: string, channel: NotificationChannel) => `${group}:${channel}`;

export async function loadOverrides(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, SettingsOverrides>();
  return overridesOf(await settingRowsOf(db, [...new Set(userIds)]));
}

/** Stored settings rows as each person's overrides. */
export function overridesOf(
  rows: ReadonlyArray<{ user_id: number; type: string; channel: string; enabled: unknown }>,
): Map<number, SettingsOverrides> {
  const byUser = new Map<number, SettingsOverrides>();
  for (const row of rows) {
    const own = byUser.get(row.user_id) ?? new Map<string, boolean>();
    own.set(keyOf(row.type, row.channel as NotificationChannel), readBool(row.enabled));
    byUser.set(row.user_id, own);
  }
  return byUser;
}

export function channelEnabled(
  overrides: SettingsOverrides | undefined,
  type: string,
  channel: NotificationChannel,
): boolean {
  if (channel === 'email' && OWN_EMAIL_TYPES.has(type)) return false;
  const group = groupOf(type);
  return overrides?.get(keyOf(group.key, channel)) ?? defaultEnabled(group, channel);
}

export interface GroupSetting {
  group: string;
  types: string[];
  in_app: boolean;
  push: boolean;
  email: boolean;
}

export function settingsAnswer(overrides: SettingsOverrides | undefined): GroupSetting[] {
  return NOTIFICATION_GROUPS.map((g) => {
    const value = (channel: NotificationChannel) =>
      overrides?.get(keyOf(g.key, channel)) ?? defaultEnabled(g, channel);
    return {
      group: g.key,
      types: [...g.types],
      in_app: value('in_app'),
      push: value('push'),
      email: value('email'),
    };
  });
}

export interface SettingChange {
  group: string;
  in_app?: boolean;
  push?: boolean;
  email?: boolean;
}

/**
 * Writes the changes: a value equal to the default removes the stored row. A group named
 * twice takes its last value per channel, as if the entries were applied one after another.
 */
export async function saveSettings(
  db: Db,
  dialect: DialectHelpers,
  userId: number,
  changes: readonly SettingChange[],
): Promise<void> {
  const wanted = new Map<
    string,
    { group: NotificationGroup; channel: NotificationChannel; enabled: boolean }
  >();
  for (const change of changes) {
    const group = NOTIFICATION_GROUPS.find((g) => g.key === change.group);
    if (!group) continue;
    for (const channel of NOTIFICATION_CHANNELS) {
      const enabled = change[channel];
      if (enabled !== undefined) wanted.set(keyOf(group.key, channel), { group, channel, enabled });
    }
  }
  // Row by row in one order (group, then channel) whatever the request's: two saves at once
  // then take the rows' locks in the same order, and PostgreSQL never ends one as a deadlock.
  const ordered = [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    for (const [, { group, channel, enabled }] of ordered) {
      if (enabled === defaultEnabled(group, channel)) {
        await deleteSetting(trx, userId, group.key, channel);
      } else {
        await upsertSetting(trx, dialect, userId, { group: group.key, channel, enabled });
      }
    }
  });
}

/** The groups a person turned off in the app: their notifications are neither listed nor counted. */
export function hiddenGroups(overrides: SettingsOverrides | undefined) {
  return NOTIFICATION_GROUPS.filter(
    (g) => !(overrides?.get(keyOf(g.key, 'in_app')) ?? defaultEnabled(g, 'in_app')),
  );
}
