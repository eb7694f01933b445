import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground, type BackgroundCheckpoints } from './checkpointer.js';

const opened: Array<{ connection: SQLite.Database; checkpoints?: BackgroundCheckpoints }> = [];

afterEach(async () => {
  for (const { connection, checkpoints } of opened.splice(0)) {
    await checkpoints?.stop();
    connection.close();
  }
});

function walDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-checkpoint-'));
  const file = path.join(dir, 'test.db');
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.exec('create table notes (id integer primary key, body text not null)');
  const entry: { connection: SQLite.Database; checkpoints?: BackgroundCheckpoints } = {
    connection,
  };
  opened.push(entry);
  return { file, connection, entry };
}

/** About 2 MB of rows in one transaction: far past SQLite's 1,000-page autocheckpoint. */
function writeMuch(connection: SQLite.Database) {
  const insert = connection.prepare('insert into notes (body) values (?)');
  connection.transaction(() => {
    for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(1000));
  })();
}

const autocheckpoint = (connection: SQLite.Database) =>
  connection.pragma('wal_autocheckpoint', { simple: true });

describe('background checkpoints', () => {
  it('copies commits into the database file on their own thread, never in the commit', async () => {
    const { file, connection, entry } = walDatabase();
    const rounds: number[] = [];
    entry.checkpoints = checkpointInBackground(connection, {
      intervalMs: 20,
      onCheckpoint: () => rounds.push(Date.now()),
    });
    expect(autocheckpoint(connection)).toBe(0);
    const before = fs.statSync(file).size;
    writeMuch(connection);
    // the commit copied nothing into the file itself
    expect(fs.statSync(file).size).toBe(before);
    await expect.poll(() => rounds.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(fs.statSync(file).size).toBeGreaterThan(before + 1_000_000);
    // nothing written since: no further rounds
    const settled = rounds.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(rounds.length).toBe(settled);
    // a later commit is seen and copied too
    const grown = fs.statSync(file).size;
    writeMuch(connection);
    await expect.poll(() => rounds.length, { timeout: 5000 }).toBeGreaterThan(settled);
    await expect.poll(() => fs.statSync(file).size, { timeout: 5000 }).toBeGreaterThan(grown);
  });

  it('hands checkpoints back to the connection when the thread cannot run', async () => {
    const { connection, entry } = walDatabase();
    const errors: unknown[] = [];
    entry.checkpoints = checkpointInBackground(connection, {
      driver: path.join(os.tmpdir(), 'no-such-driver.js'),
      onError: (error) => errors.push(error),
    });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => autocheckpoint(connection), { timeout: 5000 }).toBe(1000);
  });

  it('stopping leaves the connection as it was set: the server closes it next', async () => {
    const { connection, entry } = walDatabase();
    const checkpoints = checkpointInBackground(connection, { intervalMs: 20 });
    await checkpoints.stop();
    entry.checkpoints = undefined;
    expect(autocheckpoint(connection)).toBe(0);
  });
});
