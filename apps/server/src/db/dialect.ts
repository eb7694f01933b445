import { sql, type RawBuilder, type SqlBool } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Writes values in the form each engine stores, and reads either form back. Every
 * SQLite/PostgreSQL difference in values lives here so stores stay engine-neutral.
 */
export interface DialectHelpers {
  name: DialectName;
  /** better-sqlite3 cannot bind JS booleans. */
  bool(value: boolean): boolean | number;
  /** SQLite keeps UTC ISO text (sortable as text); PostgreSQL binds a Date to timestamptz. */
  time(value: Date): Date | string;
  /** Both engines receive JSON text: pg would otherwise turn arrays into SQL arrays. */
  json(value: unknown): string;
}

export function dialectHelpers(name: DialectName): DialectHelpers {
  return {
    name,
    bool: (value) => (name === 'sqlite' ? (value ? 1 : 0) : value),
    time: (value) => (name === 'sqlite' ? value.toISOString() : value),
    json: (value) => JSON.stringify(value),
  };
}

/**
 * `column` is one of `ids`. PostgreSQL: one array parameter, so the statement's text is the
 * same for any number of ids and it can be prepared (database.ts PREPARED_MARK); planning
 * one text per count cost more than running it. SQLite: a list of bound values.
 */
export function oneOf(
  dialect: DialectHelpers,
  column: string,
  ids: readonly number[] | readonly string[],
  type: 'integer' | 'varchar' = 'integer',
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return dialect.name === 'postgres'
    ? sql<SqlBool>`${ref} = any(${[...ids]}::${sql.raw(type)}[])`
    : sql<SqlBool>`${ref} in (${sql.join([...ids])})`;
}

export function readBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function readTime(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** How SQLite keeps times (dialect.time): already what the API answers, but for the offset. */
const STORED_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** ISO 8601 with offset, as the API answers times. */
export function isoTime(value: unknown): string | null {
  // a list presents thousands of times: text in the stored form skips two Date round trips
  if (typeof value === 'string' && STORED_UTC.test(value)) {
    return `${value.slice(0, -1)}+00:00`;
  }
  const date = readTime(value);
  return date ? date.toISOString().replace(/Z$/, '+00:00') : null;
}

export function readJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** PostgreSQL returns count() and bigint as strings. */
export function readCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}
