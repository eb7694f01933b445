import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { EXTERNAL_CHECK_MS } from '../db/change-version.js';
import { openDatabase } from '../db/database.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAnswerCache } from './answer-cache.js';
import { signedInUser, type SignedIn } from '../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { connectUsers } from '../test/social.js';
import { insertCollection } from '../test/content.js';

const HYDRA = { accept: 'application/ld+json' };

describeDb('answer cache', () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let stranger: SignedIn;
  let friends: string;
  let memoId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada' });
    bo = await signedInUser(t, { name: 'Bo' });
    stranger = await signedInUser(t, { name: 'Stan' });
    await connectUsers(t, ada.id, bo.id);
    friends = await insertCollection(t, ada.id, 'all_contacts', { name: 'Friends' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: ada.headers,
      payload: { title: 'First', memos_per_collection: [friends] },
    });
    memoId = res.json().id as number;
  });
  afterAll(() => t?.close());

  const list = (who: SignedIn, hydra = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/collection/${friends}/memo`,
      headers: { ...who.headers, ...(hydra ? HYDRA : {}) },
    });

  it('answers a repeated read the same, and a write is seen at once', async () => {
    const first = await list(bo);
    const again = await list(bo);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/memo/${memoId}`,
      headers: ada.headers,
      payload: { title: 'Renamed', memos_per_collection: [friends] },
    });
    expect(edit.statusCode).toBe(200);
    const after = await list(bo);
    expect(after.json()['hydra:member'][0].title).toBe('Renamed');
  });

  it('never gives one viewer the answer kept for another, nor hydra for a plain array', async () => {
    expect((await list(bo)).statusCode).toBe(200);
    expect((await list(stranger)).statusCode).toBe(403);
    const plain = await list(bo, false);
    expect(Array.isArray(plain.json())).toBe(true);
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/memo/${memoId}`,
      headers: stranger.headers,
    });
    expect([403, 404]).toContain(single.statusCode);
  });

  it('sees a write made on the database directly, outside the request path', async () => {
    await list(bo);
    await t.database.db
      .updateTable('memos')
      .set({ title: 'Changed underneath' })
      .where('id', '=', memoId)
      .execute();
    expect((await list(bo)).json()['hydra:member'][0].title).toBe('Changed underneath');
  });

  it('sees a commit by another process: SQLite within 50 ms, PostgreSQL once signalled', async () => {
    const { database } = t;
    if (database.dialect.name !== 'sqlite') {
      // another server instance or the command line: its own handle, connections and version
      const other = openDatabase(t.config.database);
      try {
        await vi.waitFor(() => expect(database.changes.seesOtherProcesses).toBe(true));
        await list(bo);
        const start = database.changes.current();
        await other.db
          .updateTable('memos')
          .set({ title: 'From another instance' })
          .where('id', '=', memoId)
          .execute();
        await vi.waitFor(() => expect(database.changes.current()).not.toBe(start), {
          interval: 5,
        });
        expect((await list(bo)).json()['hydra:member'][0].title).toBe('From another instance');
      } finally {
        await other.destroy();
      }
      return;
    }
    expect(database.changes.seesOtherProcesses).toBe(true);
    await list(bo);
    const other = new SQLite(path.join(t.config.dataDir, 'memoria.db'));
    try {
      other.prepare('update memos set title = ? where id = ?').run('From elsewhere', memoId);
    } finally {
      other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 10));
    expect((await list(bo)).json()['hydra:member'][0].title).toBe('From elsewhere');
  });

  it('lets a revoked session in no more, whatever was kept for it', async () => {
    const carl = await signedInUser(t, { name: 'Carl' });
    await connectUsers(t, ada.id, carl.id);
    expect((await list(carl)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: carl.headers,
      payload: {},
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await list(carl)).statusCode).toBe(401);
  });
});

describe('answer cache, alone', () => {
  function appWith(maxBytes = 1024 * 1024) {
    let version = 1;
    const changes = {
      current: () => version,
      accounts: () => version,
      observe: () => 'read' as const,
      moved: () => undefined,
      seesOtherProcesses: false,
    };
    const app = Fastify();
    registerAnswerCache(app, { changes, maxBytes });
    const calls = { count: 0 };
    app.get('/kept', { config: { answerCache: true } }, async () => {
      calls.count += 1;
      return { n: calls.count };
    });
    app.get('/fresh', async () => {
      calls.count += 1;
      return { n: calls.count };
    });
    return { app, calls, bump: () => (version += 1) };
  }

  it('runs the handler once while the version holds, again after it moved', async () => {
    const { app, calls, bump } = appWith();
    const a = await app.inject('/kept');
    const b = await app.inject('/kept');
    expect(b.json()).toEqual(a.json());
    expect(b.headers['content-type']).toContain('application/json');
    expect(calls.count).toBe(1);
    bump();
    expect((await app.inject('/kept')).json()).toEqual({ n: 2 });
    expect(calls.count).toBe(2);
    await app.inject('/kept?page=2');
    expect(calls.count).toBe(3);
    await app.inject('/fresh');
    await app.inject('/fresh');
    expect(calls.count).toBe(5);
  });

  it('keeps nothing when turned off', async () => {
    const { app, calls } = appWith(0);
    await app.inject('/kept');
    await app.inject('/kept');
    expect(calls.count).toBe(2);
  });
});
