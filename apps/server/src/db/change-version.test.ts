import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_CHECK_MS,
  createChangeVersion,
  statementKind,
  writesAccounts,
} from './change-version.js';

describe('statement kinds', () => {
  it('tells reads from writes, and ignores the bookkeeping tables', () => {
    expect(statementKind('select * from "memos" where "id" = ?')).toBe('read');
    expect(statementKind('/* prepared */ select "updated_at" from "memos"')).toBe('read');
    expect(statementKind('insert into "memos" ("title") values (?)')).toBe('write');
    expect(statementKind('update "collections" set "name" = ?')).toBe('write');
    expect(statementKind('delete from "memo_tags" where "memo_id" = ?')).toBe('write');
    expect(statementKind('with moved as (update "memos" set "x" = 1) select 1')).toBe('write');
    expect(statementKind('update "jobs" set "locked_until" = ?')).toBe('unshown-write');
    expect(statementKind('insert into "refresh_tokens" values (?)')).toBe('unshown-write');
    expect(statementKind('create table "x" ("id" integer)')).toBe('write');
    expect(statementKind('commit')).toBe('end');
    expect(statementKind('begin immediate')).toBe('begin');
    expect(statementKind('start transaction isolation level serializable')).toBe('begin');
    expect(statementKind('rollback to savepoint "sp1"')).toBe('other');
    expect(statementKind('rollback')).toBe('end');
  });
});

describe('change version', () => {
  it('moves on writes and on the end of a transaction that wrote', () => {
    const changes = createChangeVersion();
    const connection = { wrote: false };
    const start = changes.current();
    changes.observe('select 1', 'after', connection);
    expect(changes.current()).toBe(start);
    changes.observe('begin', 'after', connection);
    changes.observe('update "jobs" set "x" = 1', 'after', connection);
    changes.observe('commit', 'after', connection);
    expect(changes.current()).toBe(start);
    changes.observe('begin', 'after', connection);
    changes.observe('insert into "memos" default values', 'before', connection);
    const during = changes.current();
    expect(during).toBeGreaterThan(start);
    changes.observe('commit', 'before', connection);
    expect(changes.current()).toBe(during);
    changes.observe('commit', 'after', connection);
    expect(changes.current()).toBeGreaterThan(during);
  });

  it('moves when another process changed the database, looked for every 50 ms', async () => {
    let external = 7;
    const changes = createChangeVersion({ poll: () => external });
    expect(changes.seesOtherProcesses).toBe(true);
    const start = changes.current();
    expect(changes.current()).toBe(start);
    external = 8;
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 10));
    expect(changes.current()).toBe(start + 1);
    expect(changes.current()).toBe(start + 1);
    expect(createChangeVersion().seesOtherProcesses).toBe(false);
  });

  it('moves on a signal, and on every read while signals cannot be received', () => {
    let listening = false;
    const changes = createChangeVersion({ listening: () => listening });
    expect(changes.seesOtherProcesses).toBe(false);
    const down = changes.current();
    expect(changes.current()).toBeGreaterThan(down);
    listening = true;
    expect(changes.seesOtherProcesses).toBe(true);
    const up = changes.current();
    expect(changes.current()).toBe(up);
    changes.moved();
    expect(changes.current()).toBe(up + 1);
    expect(changes.current()).toBe(up + 1);
  });

  it('ends a transaction at its commit, not at a savepoint rolled back', () => {
    const changes = createChangeVersion();
    const connection = { wrote: false };
    changes.observe('begin', 'after', connection);
    changes.observe('update "memos" set "title" = ?', 'after', connection);
    changes.observe('rollback to savepoint "sp"', 'after', connection);
    expect(connection.wrote).toBe(true);
    const before = changes.current();
    expect(changes.observe('commit', 'after', connection)).toBe('end');
    expect(changes.current()).toBe(before + 1);
    expect(connection.wrote).toBe(false);
  });
});

describe('the accounts version', () => {
  it('moves with writes to the account tables and unknown writes, not with other writes', () => {
    const changes = createChangeVersion();
    const connection = { wrote: false };
    const start = changes.accounts();
    changes.observe('insert into "thread_messages" ("seq") values (?)', 'after', connection);
    changes.observe('commit', 'after', connection);
    expect(changes.accounts()).toBe(start);
    expect(changes.current()).toBeGreaterThan(0);
    changes.observe('update "sessions" set "revoked_at" = ?', 'after', connection);
    const afterRevoke = changes.accounts();
    expect(afterRevoke).toBeGreaterThan(start);
    changes.observe('commit', 'after', connection);
    expect(changes.accounts()).toBeGreaterThan(afterRevoke);
    const beforeUnknown = changes.accounts();
    changes.observe('with gone as (delete from "users") select 1', 'after', connection);
    expect(changes.accounts()).toBeGreaterThan(beforeUnknown);
    const beforeMoved = changes.accounts();
    changes.moved();
    expect(changes.accounts()).toBeGreaterThan(beforeMoved);
  });

  it('reads the tables a statement with data-modifying WITH parts writes', () => {
    // the messenger's send on PostgreSQL (modules/messenger/message-store.ts)
    const send = `/* prepared */ with m as (select nextval('s') as id),
      t as (update threads set last_seq = last_seq + 1 where id = $1 returning last_seq),
      r as (update thread_members set last_read_seq = 1 where thread_id = $1)
      insert into thread_messages (id, seq) select m.id, t.last_seq from m, t returning *`;
    expect(writesAccounts(send)).toBe(false);
    expect(writesAccounts('with a as (update "threads" set x = 1) delete from "users"')).toBe(true);
    expect(writesAccounts('with a as (update sessions set x = 1) select 1')).toBe(true);
    expect(writesAccounts('with a as (select 1) select * from a')).toBe(true);
    const changes = createChangeVersion();
    const connection = { wrote: false };
    const start = changes.accounts();
    expect(changes.observe(send, 'after', connection)).toBe('write');
    expect(changes.accounts()).toBe(start);
    expect(changes.current()).toBeGreaterThan(0);
  });

  it('leaves sessions alone when only the storage counter moves', () => {
    // modules/media/store.ts, on an upload and a removal: no session's state reads it
    for (const counter of [
      'update "users" set "storage_used" = storage_used + $1 where "id" = $2 and storage_used + $3 <= $4',
      'update "users" set "storage_used" = case when storage_used + $1 > $4 then storage_used + $2 else $5 end where "id" = $3',
    ]) {
      expect(writesAccounts(counter)).toBe(false);
    }
    for (const account of [
      'update "users" set "storage_used" = $1, "disabled_at" = $2 where "id" = $3',
      'update "users" set "disabled_at" = $1 where "id" = $2',
      'update "users" set "storage_used" = 0',
    ]) {
      expect(writesAccounts(account)).toBe(true);
    }
  });

  it('moves with every commit of another process', async () => {
    let external = 1;
    const changes = createChangeVersion({ poll: () => external });
    const start = changes.accounts();
    external = 2;
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 10));
    expect(changes.accounts()).toBeGreaterThan(start);
  });
});
