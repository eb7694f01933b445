/**
 * A number that moves whenever data that answers depend on may have changed: every
 * statement that writes (before and after it runs) and every commit or rollback of a
 * transaction that wrote. The answer cache (http/answer-cache.ts) keeps an answer only
 * while the number it was read under still holds, so nothing written through this
 * process is ever answered stale. Writes of other processes are seen through SQLite's
 * data_version (polled) or PostgreSQL notifications (db/change-signals.ts, pushed).
 */
export interface ChangeVersion {
  /** the current version; reading it also takes in changes made by other processes */
  current(): number;
  /**
   * A version that moves only with writes to the tables a session's state is read from
   * (ACCOUNT_TABLES, or a write whose table is not recognised) and with every change of
   * other processes: the session guard keeps a session's state while it holds, so the
   * messages and memos people write do not make every next request read its session again.
   */
  accounts(): number;
  /**
   * true while commits by other processes move the version too: always on SQLite (within
   * EXTERNAL_CHECK_MS); on PostgreSQL while the listening connection is up. While it is
   * down, `current()` moves on every call, so nothing read meanwhile can be kept.
   */
  readonly seesOtherProcesses: boolean;
  /** a connection wrapper reports each statement it is about to run or has run */
  observe(sql: string, phase: 'before' | 'after', connection: ConnectionState): StatementKind;
  /** another process signalled a commit, or what others wrote meanwhile is unknown */
  moved(): void;
}

/** How the version learns of other processes' commits. */
export interface OtherProcesses {
  /** SQLite: a number any process's commit moves (data_version), looked at when read */
  poll?: () => number;
  /** PostgreSQL: whether their signals are being received right now */
  listening?: () => boolean;
}

/** Whether the transaction open on a connection has written yet (and to ACCOUNT_TABLES). */
export interface ConnectionState {
  wrote: boolean;
  wroteAccounts?: boolean;
}

/** The tables a session's state is read from (modules/auth/session-store.ts). */
export const ACCOUNT_TABLES = new Set(['sessions', 'users', 'account_delegations']);

/**
 * Whether a write statement may touch ACCOUNT_TABLES (unrecognised ones count as yes). A
 * statement with data-modifying WITH parts (the messenger's send) names every table it
 * writes after `insert into`, `update … set` or `delete from`; it counts as no only when
 * it names some and none is an account table.
 */
export function writesAccounts(sql: string): boolean {
  const text = sql.replace(/^\s*(?:\/\*.*?\*\/\s*)*/s, '');
  const word = /^\w+/.exec(text)?.[0].toLowerCase();
  if (word === 'with') {
    const targets = [...text.matchAll(WRITE_TARGETS_ANYWHERE)].map((m) => m[1]!.toLowerCase());
    return targets.length === 0 || targets.some((table) => ACCOUNT_TABLES.has(table));
  }
  const target = WRITE_TARGET.exec(text)?.[1]?.toLowerCase();
  if (word === 'select' || target === undefined) return true;
  if (STORAGE_COUNTER_ONLY.test(text)) return false;
  return ACCOUNT_TABLES.has(target);
}

/**
 * An update of the storage counter alone (`users.storage_used`, which every upload and
 * removal moves), which no session's state reads (session-store.ts reads `disabled_at`): on
 * PostgreSQL under the load test these made nearly every request read its session again.
 * No comma before `where`: no other column is set with it.
 */
const STORAGE_COUNTER_ONLY = /^update\s+"?users"?\s+set\s+"?storage_used"?\s*=[^,;]*\swhere\s/i;

const WRITE_TARGETS_ANYWHERE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?\w+"?\.)?"?(\w+)"?(?=[\s(;]|$)/gi;

/**
 * Bookkeeping tables whose rows no cached answer shows: the job queue's poll, refresh
 * tokens and one-time codes must not empty the cache every second.
 */
const UNSHOWN_TABLES = new Set(['jobs', 'refresh_tokens', 'user_codes', 'activity_events']);

export type StatementKind = 'read' | 'write' | 'unshown-write' | 'begin' | 'end' | 'other';

const WRITE_TARGET =
  /^(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"?\w+"?\.)?"?(\w+)"?/i;
const WRITE_ANYWHERE = /\b(?:insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

export function statementKind(sql: string): StatementKind {
  const text = sql.replace(/^\s*(?:\/\*.*?\*\/\s*)*/s, '');
  const word = /^\w+/.exec(text)?.[0].toLowerCase();
  if (word === 'select' || word === 'with' || word === 'explain') {
    return WRITE_ANYWHERE.test(text) ? 'write' : 'read';
  }
  // a savepoint rolled back leaves the transaction open, and what it wrote before
  if (word === 'rollback' && /^rollback\s+(?:work\s+|transaction\s+)?to\b/i.test(text)) {
    return 'other';
  }
  if (word === 'commit' || word === 'rollback' || word === 'end') return 'end';
  if (word === 'begin' || (word === 'start' && /^start\s+transaction\b/i.test(text))) {
    return 'begin';
  }
  if (word === 'savepoint' || word === 'release' || word === 'pragma') return 'other';
  const target = WRITE_TARGET.exec(text)?.[1]?.toLowerCase();
  if (target !== undefined && UNSHOWN_TABLES.has(target)) return 'unshown-write';
  // insert, update, delete, create, alter, drop… and anything not recognised
  return 'write';
}

/**
 * How often another process's commits are looked for: `pragma data_version` reads the WAL
 * index and cost about a twentieth of a kept answer when asked on every request.
 */
export const EXTERNAL_CHECK_MS = 50;

export function createChangeVersion(others: OtherProcesses = {}): ChangeVersion {
  const { poll: external, listening } = others;
  let local = 0;
  let accountsLocal = 0;
  let lastExternal = external?.() ?? 0;
  let checkedAt = performance.now();
  const kinds = new Map<string, StatementKind>();
  const accountWrites = new Map<string, boolean>();
  const touchesAccounts = (sql: string): boolean => {
    let touches = accountWrites.get(sql);
    if (touches === undefined) {
      touches = writesAccounts(sql);
      if (accountWrites.size >= 5000) accountWrites.clear();
      accountWrites.set(sql, touches);
    }
    return touches;
  };
  const kindOf = (sql: string): StatementKind => {
    let kind = kinds.get(sql);
    if (kind === undefined) {
      kind = statementKind(sql);
      if (kinds.size >= 5000) kinds.clear();
      kinds.set(sql, kind);
    }
    return kind;
  };
  return {
    get seesOtherProcesses() {
      return external !== undefined || (listening?.() ?? false);
    },
    current() {
      if (listening && !listening()) {
        local += 1;
        accountsLocal += 1;
        return local;
      }
      if (external === undefined) return local;
      const now = performance.now();
      if (now - checkedAt < EXTERNAL_CHECK_MS) return local;
      checkedAt = now;
      const seen = external();
      if (seen !== lastExternal) {
        lastExternal = seen;
        local += 1;
        accountsLocal += 1;
      }
      return local;
    },
    accounts() {
      this.current();
      return accountsLocal;
    },
    observe(sql, phase, connection) {
      const kind = kindOf(sql);
      if (kind === 'write') {
        local += 1;
        connection.wrote = true;
        if (touchesAccounts(sql)) {
          accountsLocal += 1;
          connection.wroteAccounts = true;
        }
      } else if (kind === 'end' && phase === 'after') {
        if (connection.wrote) local += 1;
        if (connection.wroteAccounts) accountsLocal += 1;
        connection.wrote = false;
        connection.wroteAccounts = false;
      }
      return kind;
    },
    moved() {
      local += 1;
      accountsLocal += 1;
    },
  };
}
