import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const APP_JS = Array.from({ length: 200 }, (_, i) => `console.log("app line ${i}");`).join('\n');

/** What the web build writes next to each text asset (apps/web/build/precompress.ts). */
function writeWithCompressedSiblings(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describeDb('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    writeWithCompressedSiblings(path.join(webDist, 'index.html'), INDEX_HTML);
    writeWithCompressedSiblings(path.join(webDist, 'assets', 'app-abc123.js'), APP_JS);
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('sends the brotli or gzip sibling to a client that accepts it, the original otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
      { acceptEncoding: 'br', encoding: 'br' },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip' },
      { acceptEncoding: 'identity', encoding: undefined },
      { acceptEncoding: undefined, encoding: undefined },
    ];
    for (const { acceptEncoding, encoding } of cases) {
      const res = await t.app.inject({
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
      const label = `Accept-Encoding: ${acceptEncoding}`;
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBe(encoding);
      expect(res.headers['vary'], label).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], label).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(res.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length']), label).toBe(res.rawPayload.length);
      if (encoding) expect(res.rawPayload.length, label).toBeLessThan(APP_JS.length);
      expect(decode(res.rawPayload, encoding), label).toBe(APP_JS);
    }
  });

  it('compresses index.html too and keeps it uncached, at / and for app routes', async () => {
    for (const url of ['/', '/feed']) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode(res.rawPayload, 'br'), url).toBe(INDEX_HTML);
    }
  });

  it('sends a file without compressed siblings as it is', async () => {
    const res = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('<svg/>');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('falls back to index.html for app routes that accept HTML', async () => {
    for (const url of ['/feed', '/auth/reset?token=abc', '/collections/AbC123xyZ9/memo/4']) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never falls back under /api, for missing assets, or for non-HTML requests', async () => {
    const api = await t.app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(404);
    const asset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    const json = await t.app.inject({ url: '/feed', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/feed',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});

describeDb('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404 for pages and keeps the API working', async () => {
    const res = await t.app.inject({ url: '/feed', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('health answers 503 when the database does not answer', async () => {
    const ping = t.database.ping;
    t.database.ping = async () => false;
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      t.database.ping = ping;
    }
  });
});
