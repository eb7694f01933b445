import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { openDatabase, type Database } from './database.js';
import { LISTENER_APPLICATION, channelFor } from './change-signals.js';

// Waits for something that happens in another connection or process; no time is asserted.
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 5 });

describeDb('other processes writing to the same database', () => {
  let t: TestApp;
  // a second handle with its own connections and version: another server or the CLI
  let other: Database;

  beforeAll(async () => {
    t = await createTestApp();
    other = openDatabase(t.config.database);
    await eventually(() => expect(t.database.changes.seesOtherProcesses).toBe(true));
    await eventually(() => expect(other.changes.seesOtherProcesses).toBe(true));
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.close();
  });

  const movedAfter = (database: Database, start: number) =>
    eventually(() => expect(database.changes.current()).not.toBe(start));

  const profile = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/profile', headers });

  const revokeThroughOther = (userId: number) =>
    // as memoria-admin does: one transaction, committed
    other.db.transaction().execute((trx) =>
      trx
        .updateTable('sessions')
        .set({ revoked_at: other.dialect.time(new Date()) })
        .where('user_id', '=', userId)
        .execute(),
    );

  it('moves the version on commits made through another handle', async () => {
    const user = await signedInUser(t, { name: 'Writer' });
    let start = t.database.changes.current();
    // outside a transaction
    await other.db
      .updateTable('user_profiles')
      .set({ name: 'Written elsewhere' })
      .where('user_id', '=', user.id)
      .execute();
    await movedAfter(t.database, start);

    start = t.database.changes.current();
    await other.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user_profiles')
        .set({ name: 'Written in a transaction' })
        .where('user_id', '=', user.id)
        .execute();
    });
    await movedAfter(t.database, start);

    // and the other way round
    const otherStart = other.changes.current();
    expect((await profile(user.headers)).statusCode).toBe(200);
    await t.database.db
      .updateTable('user_profiles')
      .set({ name: 'Written by the app' })
      .where('user_id', '=', user.id)
      .execute();
    await movedAfter(other, otherStart);
  });

  it('refuses a session revoked through another handle on the next request', async () => {
    const user = await signedInUser(t, { name: 'Revoked' });
    expect((await profile(user.headers)).statusCode).toBe(200);
    // read again while nothing changed: the kept state answers
    expect((await profile(user.headers)).statusCode).toBe(200);
    const start = t.database.changes.current();
    await revokeThroughOther(user.id);
    await movedAfter(t.database, start);
    expect((await profile(user.headers)).statusCode).toBe(401);
  });

  it('keeps nothing while the listening connection is lost, and listens again', async () => {
    const { signals } = t.database;
    const target = t.config.database;
    if (!signals || target.kind !== 'postgres') {
      // SQLite reads other processes' commits from the file itself (data_version)
      expect(t.database.dialect.name).toBe('sqlite');
      expect(t.database.changes.seesOtherProcesses).toBe(true);
      return;
    }
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      const user = await signedInUser(t, { name: 'Unheard' });
      expect((await profile(user.headers)).statusCode).toBe(200);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [`${LISTENER_APPLICATION} ${signals.origin}`],
      );
      await eventually(() => expect(t.database.changes.seesOtherProcesses).toBe(false));
      const down = t.database.changes.current();
      expect(t.database.changes.current()).not.toBe(down);
      // a revocation whose signal this process cannot hear is still seen
      await revokeThroughOther(user.id);
      expect((await profile(user.headers)).statusCode).toBe(401);

      await eventually(() => expect(t.database.changes.seesOtherProcesses).toBe(true));
      const start = t.database.changes.current();
      await other.db
        .updateTable('user_profiles')
        .set({ name: 'Heard again' })
        .where('user_id', '=', user.id)
        .execute();
      await movedAfter(t.database, start);
    } finally {
      await admin.end();
    }
  });

  it('signals a committed transaction once, however much it wrote, and a rollback not at all', async () => {
    const { signals } = other;
    const target = t.config.database;
    if (!signals || target.kind !== 'postgres') {
      expect(other.dialect.name).toBe('sqlite');
      return;
    }
    const user = await signedInUser(t, { name: 'Counted' });
    const heard = new pg.Client({ connectionString: target.url });
    const payloads: string[] = [];
    heard.on('notification', (message) => payloads.push(message.payload ?? ''));
    await heard.connect();
    try {
      await heard.query(`listen "${signals.channel}"`);
      const rename = (trx: Database['db'], name: string) =>
        trx.updateTable('user_profiles').set({ name }).where('user_id', '=', user.id).execute();
      // notifications arrive in commit order: once the marker is heard, all before it are
      const heardUpTo = async (marker: string) => {
        await signals.settled();
        await heard.query(`select pg_notify($1, $2)`, [signals.channel, marker]);
        await eventually(() => expect(payloads).toContain(marker));
        return payloads.slice(0, payloads.indexOf(marker)).filter((o) => o === signals.origin);
      };
      expect(await heardUpTo('start')).toEqual([]);
      payloads.length = 0;
      await expect(
        other.db.transaction().execute(async (trx) => {
          await rename(trx, 'Never seen');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await heardUpTo('after the rollback')).toHaveLength(0);
      payloads.length = 0;
      await other.db.transaction().execute(async (trx) => {
        for (const name of ['One', 'Two', 'Three']) await rename(trx, name);
      });
      expect(await heardUpTo('after the commit')).toHaveLength(1);
    } finally {
      await heard.end();
    }
  });

  it('notifies from the listening connection, never in a transaction of the pool', async () => {
    // a notify in a transaction makes its commit wait for every other such commit's WAL
    // flush (docs/PERFORMANCE.md, People per machine: the commits that serialised)
    const { signals } = other;
    const target = t.config.database;
    if (!signals || target.kind !== 'postgres') {
      expect(other.dialect.name).toBe('sqlite');
      return;
    }
    const user = await signedInUser(t, { name: 'Committed' });
    await eventually(() => expect(signals.listening).toBe(true));
    const heard = new pg.Client({ connectionString: target.url });
    const senders: number[] = [];
    heard.on('notification', (message) => {
      if (message.payload === signals.origin) senders.push(message.processId);
    });
    await heard.connect();
    try {
      await heard.query(`listen "${signals.channel}"`);
      const listener = await heard.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [`${LISTENER_APPLICATION} ${signals.origin}`],
      );
      const start = t.database.changes.current();
      const committer = await other.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user_profiles')
          .set({ name: 'Committed in a transaction' })
          .where('user_id', '=', user.id)
          .execute();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        return rows[0]!.pid;
      });
      // the other instance still learns of the commit
      await movedAfter(t.database, start);
      await eventually(() => expect(senders.length).toBeGreaterThan(0));
      expect(listener.rows.map((row) => row.pid)).toEqual([senders[0]]);
      expect(senders).not.toContain(committer);
    } finally {
      await heard.end();
    }
  });

  it('names one channel per schema, within PostgreSQL identifier length', () => {
    expect(channelFor()).toBe('memoria_changes');
    expect(channelFor('t_0a1b2c3d4e5f')).toBe('memoria_changes_t_0a1b2c3d4e5f');
    expect(channelFor('Mixed-Case "schema"').length).toBeLessThanOrEqual(63);
    expect(channelFor('Mixed-Case "schema"')).toMatch(/^memoria_changes_[0-9a-f]+$/);
  });
});
