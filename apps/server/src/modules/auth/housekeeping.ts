import type { Database } from '../../db/database.js';
import { deleteExpiredAuthRecords } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ended sessions stay a while so reuse of their refresh tokens is still recognised. */
const ENDED_SESSION_KEEP_MS = 30 * DAY_MS;
const EXPIRED_CODE_KEEP_MS = DAY_MS;

export interface PurgeResult {
  sessions: number;
  codes: number;
  passwordResets: number;
}

/**
 * Deletes sign-in records nobody can use any more: one-time codes and reset links a day
 * after they expired, and sessions thirty days after they expired or were revoked (their
 * refresh tokens go with them). Idempotent, so several instances may run it.
 */
export async function purgeExpiredAuthRecords(
  database: Database,
  now = new Date(),
): Promise<PurgeResult> {
  const { db, dialect } = database;
  const codeCutoff = dialect.time(new Date(now.getTime() - EXPIRED_CODE_KEEP_MS));
  const sessionCutoff = dialect.time(new Date(now.getTime() - ENDED_SESSION_KEEP_MS));
  return db
    .transaction()
    .execute((trx) => deleteExpiredAuthRecords(trx, codeCutoff, sessionCutoff));
}

/** Runs the purge now and then every `intervalMs`; the timer does not keep the process alive. */
export function schedulePurge(
  database: Database,
  onResult: (result: PurgeResult) => void,
  onError: (error: unknown) => void,
  intervalMs = 60 * 60 * 1000,
): () => void {
  const run = () => purgeExpiredAuthRecords(database).then(onResult, onError);
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
