import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Reads the journeys' SQLite database (read-only), for what no screen or API shows to
 * users, e.g. reports stored for moderation.
 */
export function readInstance<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through global-setup');
  const db = new Database(join(dataDir, 'memoria.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
