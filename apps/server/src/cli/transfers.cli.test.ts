import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { runCli } from './program.js';

/** memoria-admin transfers:list and transfers:delete against a test instance's database. */
describeDb('memoria-admin transfers', () => {
  let t: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await createTestApp();
    const target = t.config.database;
    process.env.DATA_DIR = t.dataDir;
    if (target.kind === 'postgres') {
      process.env.DATABASE_URL = target.url;
      process.env.DATABASE_SCHEMA = target.schema;
    } else process.env.DATABASE_URL = `sqlite:${target.file}`;
  });
  afterAll(async () => {
    process.env = saved;
    await t?.close();
  });

  async function cli(args: string[]) {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await runCli(args);
      return {
        code,
        out: out.mock.calls.map((call) => String(call[0])).join(''),
        err: err.mock.calls.map((call) => String(call[0])).join(''),
      };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it('lists transfers and deletes one with its files', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      payload: { expiry: '1h', max_downloads: 3, manifest: 'c2VhbGVk', files: [{ size: 64 }] },
    });
    expect(res.statusCode).toBe(201);
    const { id, uploads } = res.json<{ id: string; uploads: { upload_url: string }[] }>();
    const stored = path.join(t.dataDir, 'transfers', uploads[0]!.upload_url.split('/').pop()!);
    expect(fs.existsSync(stored)).toBe(true);

    const listed = await cli(['transfers:list', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toEqual([
      expect.objectContaining({ id, status: 'uploading', max_downloads: 3, total_size: 64 }),
    ]);

    expect((await cli(['transfers:delete', 'nope'])).code).not.toBe(0);
    const missing = await cli(['transfers:delete', '0'.repeat(32)]);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain('no transfer');

    const deleted = await cli(['transfers:delete', id]);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toContain(`deleted transfer ${id}`);
    expect(fs.existsSync(stored)).toBe(false);
    expect(JSON.parse((await cli(['transfers:list', '--json'])).out)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${id}` })).statusCode).toBe(
      404,
    );
  });
});
