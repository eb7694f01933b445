import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';
import { forwardingDelegatesQuery } from './forwarding-store.js';
import { overridesOf, type SettingsOverrides } from './settings.js';

type Db = Kysely<DatabaseSchema>;

/** What a delivery needs to know of its recipients (createDelivery). */
export interface RecipientStates {
  /** accounts that are disabled: they are told nothing */
  disabled: ReadonlySet<number>;
  /** each one's locale, for the push texts */
  locales: ReadonlyMap<number, string>;
  /** their stored settings, where they differ from the defaults */
  overrides: Map<number, SettingsOverrides>;
  /** for accounts that forward their notifications: their live delegates */
  delegates: ReadonlyMap<number, readonly number[]>;
}

interface StateRow {
  user_id: number;
  /** `person`, `setting` or `delegate` */
  kind: string;
  /** person: the locale; setting: its group */
  label: string | null;
  /** setting: its channel */
  channel: string | null;
  /** person: disabled; setting: enabled */
  flag: unknown;
  /** delegate: who gets the copies */
  delegate_id: number | null;
}

/**
 * The people, their stored settings and the delegates they forward to, in one statement shaped
 * as a page's details are (memos/children-store.ts says why its nulls are typed). Four reads
 * of the same people were four round trips before every notifying write's live message on
 * PostgreSQL (docs/PERFORMANCE.md, "One statement for a page's details").
 */
function statesQuery(db: Db, people: number[], settings: number[], accounts: number[]) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where('u.id', 'in', people)
    .select([
      'u.id as user_id',
      sql<string>`'person'`.as('kind'),
      sql<string | null>`p.locale`.as('label'),
      sql<string | null>`cast(null as varchar)`.as('channel'),
      sql<unknown>`(u.disabled_at is not null)`.as('flag'),
      sql<number | null>`cast(null as integer)`.as('delegate_id'),
    ])
    .unionAll(
      db
        .selectFrom('notification_settings as s')
        .where('s.user_id', 'in', settings)
        .select([
          's.user_id as user_id',
          sql<string>`'setting'`.as('kind'),
          sql<string | null>`s.type`.as('label'),
          sql<string | null>`s.channel`.as('channel'),
          sql<unknown>`s.enabled`.as('flag'),
          sql<number | null>`cast(null as integer)`.as('delegate_id'),
        ]),
    )
    .unionAll(
      forwardingDelegatesQuery(db, accounts).select([
        'd.account_user_id as user_id',
        sql<string>`'delegate'`.as('kind'),
        sql<string | null>`cast(null as varchar)`.as('label'),
        sql<string | null>`cast(null as varchar)`.as('channel'),
        sql<unknown>`cast(null as boolean)`.as('flag'),
        sql<number | null>`d.delegate_user_id`.as('delegate_id'),
      ]),
    );
}

/** The states of these recipients (each id once). */
export async function recipientStates(
  db: Db,
  userIds: readonly number[],
): Promise<RecipientStates> {
  const disabled = new Set<number>();
  const locales = new Map<number, string>();
  const delegates = new Map<number, number[]>();
  const settings: Array<{ user_id: number; type: string; channel: string; enabled: unknown }> = [];
  const count = userIds.length;
  // built once per number of people (db/query-cache.ts): every notifying write asks; the
  // people are bound once for each part
  const rows =
    count === 0
      ? []
      : ((await queryCacheOf(db).rows(
          'recipient-states',
          [...userIds, ...userIds, ...userIds],
          (slots) => {
            const part = (n: number) => slots.slice(n * count, (n + 1) * count) as number[];
            return statesQuery(db, part(0), part(1), part(2));
          },
          byCountStatement(count),
        )) as StateRow[]);
  for (const row of rows) {
    if (row.kind === 'person') {
      if (readBool(row.flag)) disabled.add(row.user_id);
      if (row.label !== null) locales.set(row.user_id, row.label);
    } else if (row.kind === 'setting') {
      settings.push({
        user_id: row.user_id,
        type: row.label ?? '',
        channel: row.channel ?? '',
        enabled: row.flag,
      });
    } else if (row.delegate_id !== null) {
      delegates.set(row.user_id, [...(delegates.get(row.user_id) ?? []), row.delegate_id]);
    }
  }
  return { disabled, locales, overrides: overridesOf(settings), delegates };
}
