import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  createGuardedFetch,
  GuardedFetchError,
  type GuardedFetchPolicy,
} from './guarded-fetch.js';
import { loadConfig } from '../config.js';

const MB = 1024 * 1024;

/** A local site: pages, redirects, large and slow answers; counts what reached it. */
function startSite() {
  const hits: string[] = [];
  const bomb = zlib.gzipSync(Buffer.alloc(20 * MB));
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<title>Hello</title>');
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      if (left > 0) redirect(`/hop/${left - 1}`);
      else redirect('/page');
    } else if (path === '/to-metadata') {
      redirect('http://169.254.169.254/latest/meta-data/');
    } else if (path === '/to-loopback') {
      redirect(`http://127.0.0.1:${(server.address() as AddressInfo).port}/page`);
    } else if (path === '/to-file') {
      redirect('file:///etc/passwd');
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': 2 * MB });
      res.end(Buffer.alloc(2 * MB, 'a'));
    } else if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 20; i += 1) res.write(Buffer.alloc(100 * 1024, 'b'));
      res.end();
    } else if (path === '/bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(bomb);
    } else if (path === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(Buffer.from('<title>Packed</title>')));
    } else if (path === '/slow') {
      // Headers, then nothing: the time cap must end it.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<title>');
    } else {
      res.writeHead(404);
      res.end('missing');
    }
  });
  return { server, hits };
}

describe('fetch allow-list settings', () => {
  it('reads FETCH_ALLOW_HOSTS as a list and FETCH_ALLOW_PRIVATE as a switch, off by default', () => {
    expect(loadConfig({}).fetch).toEqual({ allowHosts: [], allowPrivate: false });
    expect(
      loadConfig({
        FETCH_ALLOW_HOSTS: ' Intranet.example , 10.0.0.0/8,,',
        FETCH_ALLOW_PRIVATE: '1',
      }).fetch,
    ).toEqual({ allowHosts: ['intranet.example', '10.0.0.0/8'], allowPrivate: true });
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: '0' }).fetch.allowPrivate).toBe(false);
  });
});

describe('guarded fetch', () => {
  const { server, hits } = startSite();
  let origin: string;
  let port: number;
  const clients: { close(): Promise<void> }[] = [];

  const client = (policy: Partial<GuardedFetchPolicy> = {}) => {
    const made = createGuardedFetch({ allowHosts: [], allowPrivate: false, ...policy });
    clients.push(made);
    return made;
  };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    return (error as GuardedFetchError).reason;
  };
  /** A resolver that knows a few made-up names. */
  const fakeDns = (names: Record<string, string[]>) => async (hostname: string) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('allows public unicast addresses only, IPv4 and IPv6, IPv4-mapped judged as IPv4', () => {
    const strict = { allowHosts: [], allowPrivate: false };
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254', // cloud metadata
      '169.254.1.1',
      '100.64.0.1', // CGNAT
      '100.100.100.200', // a metadata service inside CGNAT
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.0.192',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254', // cloud metadata over IPv6
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '2002:a00:1::', // 6to4 of 10.0.0.1
      'not an address',
    ];
    for (const address of refused)
      expect([address, addressAllowed(address, strict)]).toEqual([address, false]);
    for (const address of ['8.8.8.8', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect([address, addressAllowed(address, strict)]).toEqual([address, true]);
    }
    const ranges = { allowHosts: ['127.0.0.0/8', '10.1.2.3', 'fd00::/8'], allowPrivate: false };
    expect(addressAllowed('127.0.0.5', ranges)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.5', ranges)).toBe(true);
    expect(addressAllowed('10.1.2.3', ranges)).toBe(true);
    expect(addressAllowed('10.1.2.4', ranges)).toBe(false);
    expect(addressAllowed('fd00:ec2::254', ranges)).toBe(true);
    expect(addressAllowed('169.254.169.254', ranges)).toBe(false);
    expect(addressAllowed('169.254.169.254', { allowHosts: [], allowPrivate: true })).toBe(true);
  });

  it('refuses loopback by address and by name without the setting, and never connects', async () => {
    const guarded = client();
    const before = hits.length;
    expect(await failure(guarded.fetch(`${origin}/page`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(await failure(guarded.fetch(`http://localhost:${port}/page`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(await failure(guarded.fetch(`http://[::1]:${port}/page`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(
      await failure(guarded.fetch(`http://[::ffff:127.0.0.1]:${port}/page`, { maxBytes: MB })),
    ).toBe('refused-address');
    expect(await failure(guarded.fetch(`http://2130706433:${port}/page`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(
      await failure(guarded.fetch('http://169.254.169.254/latest/meta-data/', { maxBytes: MB })),
    ).toBe('refused-address');
    expect(await failure(guarded.fetch('http://10.0.0.1/', { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(hits.length).toBe(before);
  });

  it('refuses names resolving to private or metadata addresses, or to a mix (rebinding)', async () => {
    const guarded = client({
      resolve: fakeDns({
        'intranet.test': ['10.0.0.7'],
        'metadata.test': ['169.254.169.254'],
        'rebind.test': ['93.184.216.34', '127.0.0.1'],
        'v6-private.test': ['fd12::1'],
      }),
    });
    for (const host of ['intranet.test', 'metadata.test', 'rebind.test', 'v6-private.test']) {
      expect([host, await failure(guarded.fetch(`http://${host}/`, { maxBytes: MB }))]).toEqual([
        host,
        'refused-address',
      ]);
    }
    expect(await failure(guarded.fetch('http://unknown.test/', { maxBytes: MB }))).toBe(
      'unreachable',
    );
  });

  it('fetches loopback once the setting allows it, by address or by name', async () => {
    const byAddress = client({ allowHosts: ['127.0.0.1'] });
    const page = await byAddress.fetch(`${origin}/page`, { maxBytes: MB });
    expect(page).toMatchObject({
      status: 200,
      mediaType: 'text/html',
      typeParams: { charset: 'utf-8' },
      url: `${origin}/page`,
    });
    expect(page.body.toString()).toBe('<title>Hello</title>');
    const anyPrivate = client({ allowPrivate: true });
    expect((await anyPrivate.fetch(`${origin}/gzip`, { maxBytes: MB })).body.toString()).toBe(
      '<title>Packed</title>',
    );
  });

  it('connects to the address its own resolution checked (a made-up name reaches the local site)', async () => {
    const guarded = client({
      allowHosts: ['preview.test'],
      resolve: fakeDns({ 'preview.test': ['127.0.0.1'] }),
    });
    const page = await guarded.fetch(`http://preview.test:${port}/page`, { maxBytes: MB });
    expect(page.body.toString()).toBe('<title>Hello</title>');
  });

  it('re-checks every redirect: to metadata, to loopback and to other schemes refused', async () => {
    const guarded = client({
      allowHosts: ['preview.test'],
      resolve: fakeDns({ 'preview.test': ['127.0.0.1'] }),
    });
    const site = `http://preview.test:${port}`;
    const before = hits.length;
    expect(await failure(guarded.fetch(`${site}/to-metadata`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(await failure(guarded.fetch(`${site}/to-loopback`, { maxBytes: MB }))).toBe(
      'refused-address',
    );
    expect(await failure(guarded.fetch(`${site}/to-file`, { maxBytes: MB }))).toBe('invalid-url');
    // Only the redirecting pages were reached, never their targets.
    expect(hits.slice(before)).toEqual(['/to-metadata', '/to-loopback', '/to-file']);
  });

  it('follows at most three redirects', async () => {
    const guarded = client({ allowHosts: ['127.0.0.1'] });
    const three = await guarded.fetch(`${origin}/hop/2`, { maxBytes: MB });
    expect(three.url).toBe(`${origin}/page`);
    expect(await failure(guarded.fetch(`${origin}/hop/3`, { maxBytes: MB }))).toBe(
      'too-many-redirects',
    );
  });

  it('only speaks http and https to hosts without credentials', async () => {
    const guarded = client({ allowPrivate: true });
    for (const url of [
      'ftp://example.com/file',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://127.0.0.1:6379/_INFO',
      'not a url',
      `http://user:pass@127.0.0.1:${port}/page`,
      `http://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect([url.slice(0, 40), await failure(guarded.fetch(url, { maxBytes: MB }))]).toEqual([
        url.slice(0, 40),
        'invalid-url',
      ]);
    }
  });

  it('caps the size (declared, streamed, and after decompression) and the time', async () => {
    const guarded = client({ allowPrivate: true });
    const impatient = client({ allowPrivate: true, timeoutMs: 300 });
    expect(await failure(guarded.fetch(`${origin}/big`, { maxBytes: MB }))).toBe('too-large');
    expect(await failure(guarded.fetch(`${origin}/big-chunked`, { maxBytes: MB }))).toBe(
      'too-large',
    );
    expect(await failure(guarded.fetch(`${origin}/bomb`, { maxBytes: MB }))).toBe('too-large');
    const started = Date.now();
    expect(await failure(impatient.fetch(`${origin}/slow`, { maxBytes: MB }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await failure(guarded.fetch(`${origin}/missing`, { maxBytes: MB }))).toBe('http-status');
    // The client still works after all that.
    expect((await guarded.fetch(`${origin}/page`, { maxBytes: MB })).status).toBe(200);
  });
});
