import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { postgresDriver } from './drivers.js';

/**
 * PostgreSQL tells no connection what another one committed, so every process that writes
 * through this layer (server instances, the memoria-admin command line) says so on a
 * notification channel, and every process listens on one connection of its own (not from
 * the pool: a LISTEN belongs to a session). A signal moves the receiver's change version,
 * which retires its kept answers and session states at once.
 *
 * A signal goes out after the write has committed, from the listening connection, one
 * notify at a time: writes that commit while one is on its way are covered by one more sent
 * after it, so a burst costs two notifies, and none reaches the others later than two round
 * trips after the commit. No transaction of the pool notifies: PostgreSQL serialises the
 * commits of all transactions that notified (one database-wide lock, held through the
 * commit's WAL flush), so a notify in each writing transaction's COMMIT, as before
 * 2026-11-29, queued every writer behind the others' flushes (docs/PERFORMANCE.md, People per
 * machine). The notify's own commit skips the flush wait (`synchronous_commit` off for it
 * alone): it writes no data, and a database that crashed drops the listeners, who then
 * keep nothing read before (`onOtherWrite` on reconnection).
 */
export interface ChangeSignals {
  /** who this process is in the payload, so it can ignore its own signals */
  readonly origin: string;
  readonly channel: string;
  /** true while the listening connection is up and LISTENs */
  readonly listening: boolean;
  /** a transaction that wrote has committed, or a write outside one has returned */
  signal(): void;
  /** resolves once every signal asked for so far has been sent (or failed) */
  settled(): Promise<void>;
  /** sends what is pending, then closes the listening connection (no reconnection after) */
  close(): Promise<void>;
}

export interface ChangeSignalOptions {
  url: string;
  schema?: string;
  /** a signal of another process arrived, or the listener (re)connected */
  onOtherWrite(): void;
  /** sends a signal over the pool while the listening connection is down */
  fallback(text: string, values: unknown[]): Promise<unknown>;
}

/** The first wait before reconnecting; doubled on each failure up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 200;
export const RECONNECT_MAX_MS = 5000;

/** Every schema (each test file has its own) gets its own channel: no crosstalk. */
export function channelFor(schema?: string): string {
  if (!schema) return 'memoria_changes';
  if (/^[a-z0-9_]{1,40}$/.test(schema)) return `memoria_changes_${schema}`;
  return `memoria_changes_${createHash('sha1').update(schema).digest('hex').slice(0, 20)}`;
}

/** application_name of the listening connection (with the origin), so it can be told apart */
export const LISTENER_APPLICATION = 'memoria-changes';

// the notify's commit need not wait for its WAL flush: no data rides on it (see above)
const NOTIFY = "select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";

export function createChangeSignals(options: ChangeSignalOptions): ChangeSignals {
  const channel = channelFor(options.schema);
  const origin = `${process.pid}.${randomBytes(6).toString('hex')}`;

  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let opening: pg.Client | undefined;

  function connect(): void {
    timer = undefined;
    if (closed) return;
    const candidate = new (postgresDriver().Client)({
      connectionString: options.url,
      application_name: `${LISTENER_APPLICATION} ${origin}`,
      connectionTimeoutMillis: 5000,
    });
    opening = candidate;
    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      if (client === candidate) {
        client = undefined;
        // what others commit until the LISTEN is back is not signalled to this process
        options.onOtherWrite();
      }
      candidate.end().catch(() => undefined);
      if (!closed) {
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      }
    };
    candidate.on('error', drop);
    candidate.on('end', drop);
    candidate.on('notification', (message) => {
      if (message.channel === channel && message.payload !== origin) options.onOtherWrite();
    });
    connecting = candidate
      .connect()
      .then(() => candidate.query(`listen "${channel}"`))
      .then(() => {
        opening = undefined;
        if (gone) return;
        if (closed) {
          gone = true;
          return candidate.end();
        }
        client = candidate;
        delay = RECONNECT_FIRST_MS;
        // commits made while nobody listened: whatever was read before is not to be kept
        options.onOtherWrite();
      }, drop)
      .catch(() => undefined)
      .finally(() => {
        if (opening === candidate) opening = undefined;
      });
  }

  let sending: Promise<void> | undefined;
  let again = false;
  const send = async () => {
    const values = [channel, origin];
    const listener = client;
    try {
      if (listener) {
        await listener.query(NOTIFY, values);
        return;
      }
    } catch {
      // the listener went away in between: the pool still reaches the database
    }
    await options.fallback(NOTIFY, values).catch(() => undefined);
  };
  const signal = () => {
    if (sending) {
      again = true;
      return;
    }
    sending = send().finally(() => {
      sending = undefined;
      if (again) {
        again = false;
        signal();
      }
    });
  };

  connect();

  return {
    origin,
    channel,
    get listening() {
      return client !== undefined;
    },
    signal,
    async settled() {
      while (sending) await sending;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      if (opening) {
        // a connection still being opened may never settle once ended: not waited for
        void opening.end().catch(() => undefined);
      } else {
        await connecting;
      }
      while (sending) await sending;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
