import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { decodePage, parsePageAttributes } from './link-preview.js';
import { jpegWithGps, svgFixture } from './test-support.js';

/** A local web site for previews: pages in several charsets, pictures, traps. */
async function startSite() {
  const hits: string[] = [];
  const photo = await jpegWithGps();
  const wide = await sharp({
    create: { width: 1600, height: 400, channels: 3, background: '#123456' },
  })
    .png()
    .toBuffer();
  const huge = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]);
  const pages: Record<string, { type: string; body: Buffer | string; status?: number }> = {
    '/article': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>Fallback title</title>
        <meta property="og:title" content="Tom &amp; Jerry &#8211; the film">
        <meta property="og:description" content="  A cat
          and a mouse. ">
        <meta property="og:image" content="/img/cover.jpg">
        <meta property="og:site_name" content="Cartoons">
        <meta property="og:url" content="https://cartoons.example/tom-and-jerry">
        <meta name="twitter:title" content="Ignored, Open Graph wins">
        </head><body><svg><title>not the page title</title></svg></body></html>`,
    },
    '/plain': {
      type: 'text/html',
      body: `<html><head><svg><title>icon</title></svg><title> Plain   page </title>
        <meta name="description" content="Only the basics.">
        <meta name="twitter:image" content="https://images.example/p.png">
        <link rel="canonical" href="/plain-canonical"></head></html>`,
    },
    '/latin1': {
      type: 'text/html; charset=iso-8859-1',
      body: Buffer.from('<title>Caf\xe9 cr\xe8me</title>', 'latin1'),
    },
    '/meta-charset': {
      type: 'text/html',
      body: Buffer.from(
        '<meta charset="windows-1252"><title>\x93Quoted\x94 na\xefve</title>',
        'latin1',
      ),
    },
    '/report.pdf': { type: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' },
    '/missing': { type: 'text/html', body: 'gone', status: 404 },
    '/photo-as-text': { type: 'text/plain', body: photo },
    '/wide.png': { type: 'image/png', body: wide },
    '/logo.svg': { type: 'image/svg+xml', body: svgFixture() },
    '/page-as-png': { type: 'image/png', body: '<html><title>not a picture</title></html>' },
    '/huge.jpg': { type: 'image/jpeg', body: huge },
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push(req.url ?? '/');
    if (path === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    const page = pages[path];
    if (!page) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.type });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('page attributes', () => {
  it('reads Open Graph first, then Twitter cards, then HTML', () => {
    expect(
      parsePageAttributes(
        '<title>T</title><meta name="twitter:title" content="Card"><meta name="twitter:description" content="D">' +
          '<link rel="image_src" href="pic.png">',
        'https://site.example/a/b',
      ),
    ).toEqual({
      title: 'Card',
      image: 'https://site.example/a/pic.png',
      description: 'D',
      site_name: null,
      url: 'https://site.example/a/b',
    });
    const unsafe = parsePageAttributes(
      '<meta property="og:image" content="javascript:alert(1)"><meta property="og:url" content="data:text/html,x">',
      'https://site.example/',
    );
    expect([unsafe.image, unsafe.url]).toEqual([null, 'https://site.example/']);
    const long = parsePageAttributes(`<title>${'word '.repeat(200)}</title>`, 'https://s.example/');
    expect(long.title?.length).toBe(300);
    expect(long.title?.endsWith('…')).toBe(true);
  });

  it('decodes the charset of the header, the BOM or the meta tag', () => {
    expect(decodePage(Buffer.from('caf\xe9', 'latin1'), 'ISO-8859-1')).toBe('café');
    expect(decodePage(Buffer.from('<meta charset=windows-1252>\x80', 'latin1'))).toContain('€');
    expect(decodePage(Buffer.from('é'), 'no-such-charset')).toBe('é');
  });
});

describeDb('link previews and the image proxy', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let t: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    site = await startSite();
    t = await createTestApp({
      config: { fetch: { allowHosts: ['127.0.0.1'], allowPrivate: false } },
    });
    strict = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all([t?.close(), strict?.close()]);
    await site?.close();
  });

  const extract = (app: TestApp, kind: 'title' | 'attributes', url: unknown, headers = {}) =>
    app.app.inject({
      method: 'POST',
      url: `/api/extract/${kind}`,
      headers,
      payload: url === undefined ? {} : { url },
    });
  const proxy = (app: TestApp, url: string, headers = {}) =>
    app.app.inject({
      method: 'GET',
      url: `/api/image/proxy/${encodeURIComponent(url)}`,
      headers,
    });

  it('answers the attributes of a page from its Open Graph tags', async () => {
    const res = await extract(t, 'attributes', `${site.origin}/article`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Tom & Jerry – the film',
      image: `${site.origin}/img/cover.jpg`,
      description: 'A cat and a mouse.',
      site_name: 'Cartoons',
      url: 'https://cartoons.example/tom-and-jerry',
    });
    const title = await extract(t, 'title', `${site.origin}/plain`);
    expect(title.json()).toEqual({ title: 'Plain page' });
    const plain = await extract(t, 'attributes', `${site.origin}/plain`);
    expect(plain.json()).toMatchObject({
      description: 'Only the basics.',
      image: 'https://images.example/p.png',
      url: `${site.origin}/plain-canonical`,
    });
  });

  it('reads pages in other charsets and answers no attributes for files that are not pages', async () => {
    expect((await extract(t, 'title', `${site.origin}/latin1`)).json()).toEqual({
      title: 'Café crème',
    });
    expect((await extract(t, 'title', `${site.origin}/meta-charset`)).json()).toEqual({
      title: '“Quoted” naïve',
    });
    expect((await extract(t, 'attributes', `${site.origin}/report.pdf`)).json()).toEqual({
      title: null,
      image: null,
      description: null,
      site_name: null,
      url: `${site.origin}/report.pdf`,
    });
  });

  it('keeps answers a while: the same address is fetched once', async () => {
    const url = `${site.origin}/article?cached=1`;
    const before = site.hits.filter((h) => h === '/article?cached=1').length;
    await extract(t, 'title', url);
    await extract(t, 'attributes', url);
    await extract(t, 'attributes', `${url}#fragment`);
    expect(site.hits.filter((h) => h === '/article?cached=1').length).toBe(before + 1);
  });

  it('refuses loopback, private and metadata addresses without the allow-list, fetching nothing', async () => {
    const before = site.hits.length;
    for (const url of [
      `${site.origin}/article`,
      `http://localhost:${site.port}/article`,
      `http://[::1]:${site.port}/article`,
      `http://[::ffff:127.0.0.1]:${site.port}/article`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      'http://100.64.0.1/',
    ]) {
      const res = await extract(strict, 'attributes', url);
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(res.json().violations).toEqual([
        {
          propertyPath: 'url',
          message: 'This address cannot be fetched: it points to a private or local network.',
          code: 'fetch.addressRefused',
        },
      ]);
      const image = await proxy(strict, url);
      expect([url, image.statusCode]).toEqual([url, 400]);
      expect(image.json().detail).toBe(
        'This address cannot be fetched: it points to a private or local network.',
      );
    }
    expect(site.hits.length).toBe(before);
    const dutch = await extract(strict, 'title', site.origin, { 'accept-language': 'nl' });
    expect(dutch.json().violations[0].message).toBe(
      'Dit adres kan niet worden opgehaald: het verwijst naar een privé- of lokaal netwerk.',
    );
  });

  it('re-checks redirects even where the first address is allowed', async () => {
    const res = await extract(t, 'attributes', `${site.origin}/to-metadata`);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].code).toBe('fetch.addressRefused');
    expect((await proxy(t, `${site.origin}/to-metadata`)).statusCode).toBe(400);
  });

  it('answers bad addresses and failing pages with 4xx and a clear message', async () => {
    const missing = await extract(t, 'attributes', undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations[0].propertyPath).toBe('url');
    for (const url of [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'nonsense',
    ]) {
      const res = await extract(t, 'title', url);
      expect([url, res.statusCode, res.json().violations?.[0]?.code]).toEqual([
        url,
        422,
        'fetch.invalidUrl',
      ]);
    }
    const gone = await extract(t, 'title', `${site.origin}/missing`);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().detail).toBe('The page could not be loaded.');
    expect((await extract(t, 'title', 42)).statusCode).toBe(422);
    expect((await proxy(t, 'not a url')).statusCode).toBe(400);
    const badEscape = await t.app.inject({ method: 'GET', url: '/api/image/proxy/%E0%A4%A' });
    expect(badEscape.statusCode).toBe(400);
  });

  it('limits link previews to 60 a minute per address', async () => {
    const answers = [];
    for (let i = 0; i < 61; i += 1) {
      answers.push(
        (
          await strict.app.inject({
            method: 'POST',
            url: '/api/extract/title',
            remoteAddress: '10.9.8.7',
            payload: { url: 'ftp://example.com/' },
          })
        ).statusCode,
      );
    }
    expect(answers.slice(0, 60).every((status) => status === 422)).toBe(true);
    expect(answers[60]).toBe(429);
  });

  it('proxies a picture re-encoded as webp without its metadata, whatever type the server claims', async () => {
    const res = await proxy(t, `${site.origin}/photo-as-text`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 640, undefined]);
    expect(res.rawPayload.includes(Buffer.from('Grand-Place'))).toBe(false);
    const again = await proxy(t, `${site.origin}/photo-as-text`, {
      'if-none-match': res.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    const wide = await proxy(t, `${site.origin}/wide.png`);
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(1200);
  });

  it('refuses SVG, pages posing as pictures and pictures over 10 MB', async () => {
    for (const [path, detail] of [
      ['/logo.svg', 'This address does not lead to an image.'],
      ['/page-as-png', 'This address does not lead to an image.'],
      ['/huge.jpg', 'The page or image is too large to load.'],
      ['/missing', 'The page could not be loaded.'],
    ] as const) {
      const res = await proxy(t, `${site.origin}${path}`);
      expect([path, res.statusCode, res.json().detail]).toEqual([path, 422, detail]);
    }
  });
});
