import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropStat4Samples, withRowBuilder, withStatementCache } from './database.js';

describe('SQLite statement cache', () => {
  let dir: string;
  let connection: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-stmt-'));
    connection = new SQLite(path.join(dir, 'cache.db'));
    connection.exec('create table items (id integer primary key, name text not null)');
    connection.exec("insert into items (name) values ('a'), ('b'), ('c')");
  });
  afterEach(() => {
    if (connection.open) connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a SQL text once and reuses the statement', () => {
    const cached = withStatementCache(connection);
    const first = cached.prepare('select name from items where id = ?');
    expect(cached.prepare('select name from items where id = ?')).toBe(first);
    expect(cached.prepare('select name from items where id = ? ')).not.toBe(first);
  });

  it('keeps at most `max` statements, the least recently used go first', () => {
    const cached = withStatementCache(connection, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a); // a is now the most recent
    cached.prepare('select 3'); // evicts b
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const cached = withStatementCache(connection);
    const text = 'select id from items order by id';
    const iterating = cached.prepare(text) as unknown as SQLite.Statement;
    const rows = iterating.iterate();
    expect(rows.next().value).toEqual({ id: 1 });
    const other = cached.prepare(text) as unknown as SQLite.Statement;
    expect(other).not.toBe(iterating);
    expect(other.all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    expect(cached.prepare(text)).toBe(iterating);
  });

  it('answers through Kysely with parameters, after a schema change, and when streamed', async () => {
    const db = new Kysely<{ items: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    });
    const byId = (id: number) =>
      db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'a' });
    expect(await byId(2)).toEqual({ name: 'b' });
    await sql`alter table items add column note text`.execute(db);
    await db.insertInto('items').values({ id: 4, name: 'd' }).execute();
    expect(await byId(4)).toEqual({ name: 'd' });
    const all = await db.selectFrom('items').selectAll().orderBy('id').execute();
    expect(all[0]).toEqual({ id: 1, name: 'a', note: null });
    const streamed: string[] = [];
    const names = db.selectFrom('items').select('name').orderBy('id');
    expect(await names.execute()).toHaveLength(4);
    for await (const row of names.stream()) streamed.push(row.name);
    expect(streamed).toEqual(['a', 'b', 'c', 'd']);
    expect(await names.execute()).toHaveLength(4);
    await db.destroy();
    expect(connection.open).toBe(false);
  });

  it('keeps stat1 planner figures and drops stat4 samples (they force re-preparing)', () => {
    dropStat4Samples(connection); // nothing analysed yet: nothing to do
    connection.exec('create index items_name on items (name)');
    connection.exec('analyze');
    const count = (table: string) =>
      (connection.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count('sqlite_stat1')).toBeGreaterThan(0);
    expect(count('sqlite_stat4')).toBeGreaterThan(0);
    dropStat4Samples(connection);
    expect(count('sqlite_stat4')).toBe(0);
    expect(count('sqlite_stat1')).toBeGreaterThan(0);
    const cached = withStatementCache(connection);
    expect(cached.prepare('select id from items where name = ?')).toBe(
      cached.prepare('select id from items where name = ?'),
    );
  });

  it('builds the same row objects as better-sqlite3: wide, repeated names, streamed, none', () => {
    connection.exec(`create table wide (${Array.from({ length: 40 }, (_, i) => `c${i} text`).join(', ')},
      "1" integer, "we""ird" text)`);
    const values = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? null : `v${i}`));
    const insert = `insert into wide values (${Array(42).fill('?').join(', ')})`;
    connection.prepare(insert).run(...values, 7, 'q');
    connection.prepare(insert).run(...values.map((v) => v && `${v}!`), 8, 'r');
    const texts = [
      'select * from wide order by "1"',
      // the same name twice: the later value, in the earlier place
      'select c1 as a, c2 as b, c4 as a from wide order by "1"',
      'select w.*, i.name, i.id as c1 from wide w join items i on i.id = w."1" - 6 order by i.id',
      'select count(*) from items where id > ?',
      'select name from items where id > 99',
    ];
    for (const text of texts) {
      const args = text.includes('?') ? [1] : [];
      const built = withRowBuilder(connection.prepare(text));
      const plain = connection.prepare<unknown[]>(text);
      const all = built.all(args) as Record<string, unknown>[];
      expect(all).toEqual(plain.all(...args));
      // the same keys in the same order (the answers' JSON is byte for byte the same)
      expect(all.map((row) => JSON.stringify(row))).toEqual(
        (plain.all(...args) as unknown[]).map((row) => JSON.stringify(row)),
      );
      expect(JSON.stringify(built.get(args))).toBe(JSON.stringify(plain.get(...args)));
      expect([...built.iterate(args)].map((row) => JSON.stringify(row))).toEqual(
        [...plain.iterate(...args)].map((row) => JSON.stringify(row)),
      );
    }
    // a write is left as it is
    const write = connection.prepare("update items set name = 'z' where id = 3");
    expect(withRowBuilder(write)).toBe(write);
    // a column named __proto__ would set a literal's prototype: left to better-sqlite3
    const proto = connection.prepare('select name as __proto__ from items where id = 1');
    expect(withRowBuilder(proto)).toBe(proto);
  });

  it('runs every kept reader through the row builder', () => {
    const cached = withStatementCache(connection);
    const statement = cached.prepare('select id, name from items order by id') as unknown as {
      all(): unknown[];
    };
    expect(statement).not.toBeInstanceOf(
      SQLite.prototype.prepare.call(connection, 'select 1').constructor,
    );
    expect(statement.all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
  });
});
