import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';

describeDb('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
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
