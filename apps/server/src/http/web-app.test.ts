import { createHash } from 'node:crypto';
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

/** A build with a boot script and its screens (apps/web/build/boot-preload.ts). */
const BOOT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Memoria</title>
    <script src="/assets/boot-X1.js"></script>
    <script type="module" crossorigin src="/assets/index-X2.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-X3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const BOOT_SCREENS = {
  boot: '/assets/boot-X1.js',
  texts: '/assets/i18n-X4',
  locales: ['en', 'nl', 'fr_be', 'de', 'es', 'pl', 'uk'],
  cookie: 'signed_in',
  auth: ['/assets/auth-layout-A1.js', '/assets/login-page-A2.js'],
  screens: [
    { path: '^/$', files: ['/assets/app-layout-L1.js', '/assets/home-H1.js'], texts: ['memos'] },
    {
      path: '^/feed$',
      files: ['/assets/app-layout-L1.js', '/assets/feed-page-F1.js', '/assets/feed-F2.css'],
      texts: ['feed', 'memos'],
    },
    {
      path: '^/memo/(\\d+)$',
      files: ['/assets/app-layout-L1.js', '/assets/memo-page-M1.js'],
      texts: ['memos'],
    },
  ],
};

/** The boot script's text (the build minifies apps/web/build/boot-preload.ts's `boot`). */
const BOOT_JS = '(function(e){document.title=e})("booted");\n';
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT_JS).digest('base64')}'`;

/** The preloads in an HTML page: [rel, href]. */
function preloads(html: string): string[][] {
  return [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
}

/** A web build with a boot script and its screens in a new folder; the script's file if given. */
function bootBuild(bootJs?: string): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCompressedSiblings(path.join(webDist, 'index.html'), BOOT_INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'boot-screens.json'), JSON.stringify(BOOT_SCREENS));
  if (bootJs !== undefined) {
    writeWithCompressedSiblings(path.join(webDist, 'assets', 'boot-X1.js'), bootJs);
  }
  return webDist;
}

describeDb('the served HTML preloads the screen at its address', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = bootBuild(BOOT_JS);
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it("carries a signed-in screen's files and texts, before any script runs", async () => {
    const res = await get('/feed', { cookie: 'theme=dark; signed_in=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(preloads(res.body)).toEqual([
      ['preload', '/assets/i18n-X4/en.json'],
      ['modulepreload', '/assets/app-layout-L1.js'],
      ['modulepreload', '/assets/feed-page-F1.js'],
      ['preload', '/assets/feed-F2.css'],
      ['preload', '/assets/i18n-X4/feed/en.json'],
      ['preload', '/assets/i18n-X4/memos/en.json'],
    ]);
    // the stylesheet preload is a style, the texts are fetches as src/i18n asks for them
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/feed-F2.css">',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/i18n-X4/feed/en.json">',
    );
    // in the head, and the boot script told which screen and language they are for
    expect(res.body.indexOf('/assets/feed-page-F1.js')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body).toContain(`<script data-preloaded="1" data-locale="en">${BOOT_JS}</script>`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/cookie/i);
  });

  it('at / chooses the signed-in home or the visitor sign-in by the cookie', async () => {
    const home = await get('/', { cookie: 'signed_in=1' });
    expect(preloads(home.body).map(([, href]) => href)).toEqual([
      '/assets/i18n-X4/en.json',
      '/assets/app-layout-L1.js',
      '/assets/home-H1.js',
      '/assets/i18n-X4/memos/en.json',
    ]);
    expect(home.body).toContain('data-preloaded="0"');
    for (const url of ['/', '/auth', '/auth/']) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(200);
      expect(
        preloads(visitor.body).map(([, href]) => href),
        url,
      ).toEqual([
        '/assets/i18n-X4/en.json',
        '/assets/auth-layout-A1.js',
        '/assets/login-page-A2.js',
      ]);
      expect(visitor.body, url).toContain('data-preloaded="a"');
    }
  });

  it('preloads no screen where the boot script would not (a visitor on a signed-in address, an unknown one)', async () => {
    for (const [url, cookie] of [
      ['/feed', 'signed_in='],
      ['/memo/12', ''],
      ['/messages', 'signed_in=1'],
      ['/memo/abc', 'signed_in=1'],
    ] as const) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([['preload', '/assets/i18n-X4/en.json']]);
      expect(res.body, url).not.toContain('data-preloaded');
      expect(res.body, url).toContain('data-locale="en"');
    }
  });

  it("takes the texts' language from the language cookie, else the browser's languages", async () => {
    const memo = await get('/memo/12?from=feed', {
      cookie: 'language=fr_be; signed_in=1',
      'accept-language': 'de',
    });
    expect(preloads(memo.body).map(([, href]) => href)).toEqual([
      '/assets/i18n-X4/fr_be.json',
      '/assets/app-layout-L1.js',
      '/assets/memo-page-M1.js',
      '/assets/i18n-X4/memos/fr_be.json',
    ]);
    expect(memo.body).toContain('data-preloaded="2" data-locale="fr_be"');
    const german = await get('/memo/12', {
      cookie: 'signed_in=1',
      'accept-language': 'ja, de;q=0.8',
    });
    expect(german.body).toContain('/assets/i18n-X4/memos/de.json');
    expect(german.body).toContain('data-locale="de"');
  });

  it('carries the boot script itself, allowed by its hash and nothing looser', async () => {
    for (const [url, cookie] of [
      ['/feed', 'signed_in=1'],
      ['/auth', ''],
      ['/messages', 'signed_in=1'],
    ] as const) {
      const res = await get(url, { cookie });
      expect(res.body, url).toContain(`${BOOT_JS}</script>`);
      expect(res.body, url).not.toContain('src="/assets/boot-X1.js"');
      const policy = String(res.headers['content-security-policy']);
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim(), url).toBe(`script-src 'self' ${BOOT_HASH}`);
      expect(policy, url).toContain("style-src 'self' 'unsafe-inline'");
    }
    // the API's answers keep the policy without the hash
    const api = await t.app.inject({ url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('compresses each page and answers a matching revalidation with 304', async () => {
    const res = await get('/feed', { cookie: 'signed_in=1', 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const html = decode(res.rawPayload, 'br');
    expect(html).toContain('/assets/feed-page-F1.js');
    const gzip = await get('/feed', { cookie: 'signed_in=1', 'accept-encoding': 'gzip' });
    expect(decode(gzip.rawPayload, 'gzip')).toBe(html);
    const etag = res.headers['etag'] as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/feed', { cookie: 'signed_in=1', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const other = await get('/feed', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers['etag']).not.toBe(etag);
  });
});

describeDb('a boot script the page cannot carry', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = bootBuild();
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const feed = () =>
    t.app.inject({ url: '/feed', headers: { accept: 'text/html', cookie: 'signed_in=1' } });

  it('names the file when it is missing, and the policy stays as it is', async () => {
    const res = await feed();
    expect(res.body).toContain(
      '<script src="/assets/boot-X1.js" data-preloaded="1" data-locale="en"></script>',
    );
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(preloads(res.body)).toContainEqual(['modulepreload', '/assets/feed-page-F1.js']);
  });

  it('names the file when its text would end the script element early', async () => {
    const file = path.join(webDist, 'assets', 'boot-X1.js');
    fs.writeFileSync(file, 'document.title = "</script><script>alert(1)</script>";\n');
    // a new build is noticed by its files' times
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(webDist, 'boot-screens.json'), later, later);
    const res = await feed();
    expect(res.body).toContain('<script src="/assets/boot-X1.js" data-preloaded="1"');
    expect(res.body).not.toContain('alert(1)');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
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
