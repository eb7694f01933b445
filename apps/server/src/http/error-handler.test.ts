import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { isBusyDatabase, registerErrorHandling } from './error-handler.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-busy-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('a write refused because another process holds the SQLite lock is a 503 with Retry-After', async () => {
  const file = path.join(dir, 'busy.db');
  const holder = new SQLite(file);
  holder.exec('create table t (n integer)');
  holder.exec('begin immediate');
  const writer = new SQLite(file);
  writer.pragma('busy_timeout = 0');

  const app = Fastify();
  app.decorateRequest('locale', 'nl');
  registerErrorHandling(app);
  app.post('/write', async () => {
    writer.exec('insert into t values (1)');
    return { ok: true };
  });

  const res = await app.inject({ method: 'POST', url: '/write' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.json()).toMatchObject({
    status: 503,
    detail: 'We are busy right now. Please try again in a moment.',
    message: 'Het is nu even druk bij ons. Probeer het zo meteen opnieuw.',
  });

  holder.exec('rollback');
  const after = await app.inject({ method: 'POST', url: '/write' });
  expect(after.statusCode).toBe(200);
  await app.close();
  holder.close();
  writer.close();
});

it('tells PostgreSQL retry states from other errors', () => {
  for (const code of ['40001', '40P01', '55P03', '53300', '57P03']) {
    expect(isBusyDatabase({ code })).toBe(true);
  }
  for (const code of ['23505', '22001', 'SQLITE_CONSTRAINT', 'ECONNRESET']) {
    expect(isBusyDatabase({ code })).toBe(false);
  }
  expect(isBusyDatabase(new Error('plain'))).toBe(false);
  expect(isBusyDatabase({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
});
