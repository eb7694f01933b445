import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { circle, groupThread, send, sent } from './test-support.js';

/**
 * The warm start (db/warm.ts; docs/PERFORMANCE.md, Messenger): before the server listens,
 * every connection of the pool has the hot statements, and nothing was written.
 */
describeDb('messenger: the warm start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('prepares the session read, the send and its acknowledgements on every connection, writing nothing', async () => {
    const [ada, bob, cy] = await circle(t, 3);
    const id = await groupThread(t, ada!, [bob!, cy!], 'Warm');
    await sent(t, bob!.headers, id, 'before');
    const { db } = t.database;
    const state = async () => ({
      threads: await db
        .selectFrom('threads')
        .select(['id', 'last_seq', 'last_message_id', 'last_activity_at'])
        .orderBy('id')
        .execute(),
      members: await db
        .selectFrom('thread_members')
        .select(['id', 'last_read_seq', 'last_read_at', 'delivered_seq'])
        .orderBy('id')
        .execute(),
      messages: await db.selectFrom('thread_messages').select('id').orderBy('id').execute(),
    });
    const before = await state();

    expect(await t.app.warm()).toBeGreaterThan(0);
    expect(await state()).toEqual(before);

    const postgres = t.database.dialect.name === 'postgres';
    const visits: { pid: number; statements: string[] }[] = [];
    await t.database.warm(async (on) => {
      if (!postgres) {
        visits.push({ pid: process.pid, statements: [] });
        return;
      }
      const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on);
      const named = await sql<{ statement: string }>`select statement from pg_prepared_statements
        where name like 'm%'`.execute(on);
      visits.push({ pid: pid.rows[0]!.pid, statements: named.rows.map((r) => r.statement) });
    });
    if (!postgres) {
      // one connection: the steps ran once
      expect(visits).toHaveLength(1);
    } else {
      // the pool of a test database (database.ts DEFAULT_POOL_SIZE), each connection its own
      expect(new Set(visits.map((v) => v.pid)).size).toBe(10);
      for (const { statements } of visits) {
        const has = (part: string) => statements.some((s) => s.includes(part));
        expect(has('from "sessions"')).toBe(true);
        expect(has('insert into thread_messages')).toBe(true);
        expect(has('update thread_members as tm')).toBe(true);
        expect(has('from "thread_members"')).toBe(true);
      }
    }

    // and the next send is numbered as if nothing had run
    const next = await send(t, cy!.headers, id, 'after');
    expect(next.statusCode).toBe(201);
    expect(next.json().message.seq).toBe(2);
  });
});
