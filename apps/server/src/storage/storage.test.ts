import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, StorageNotFound, type Storage } from './index.js';
import { createS3Storage } from './s3-storage.js';

/**
 * A tiny S3 stand-in (path-style PutObject, GetObject with Range, HeadObject, DeleteObject,
 * ListObjectsV2, DeleteObjects): enough to drive the real AWS SDK client against.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const body = Buffer.concat(chunks);
      if (bucket !== 'media') return void res.writeHead(404).end();
      if (req.method === 'PUT') {
        objects.set(key, body);
        return void res.writeHead(200, { etag: '"e"' }).end();
      }
      if (req.method === 'POST' && url.searchParams.has('delete')) {
        for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) {
          objects.delete(match[1] ?? '');
        }
        return void res.writeHead(200).end('<DeleteResult></DeleteResult>');
      }
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
        const contents = keys.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`);
        return void res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><ListBucketResult><Name>media</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`,
          );
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      if (!object) {
        return void res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      }
      const headers = { 'last-modified': new Date().toUTCString(), etag: '"e"' };
      if (req.method === 'HEAD') {
        return void res.writeHead(200, { ...headers, 'content-length': object.length }).end();
      }
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range) {
        const [start, end] = [Number(range[1]), Number(range[2])];
        return void res
          .writeHead(206, {
            ...headers,
            'content-range': `bytes ${start}-${end}/${object.length}`,
            'content-length': end - start + 1,
          })
          .end(object.subarray(start, end + 1));
      }
      res.writeHead(200, { ...headers, 'content-length': object.length }).end(object);
    });
  });
  return { server, objects };
}

function contract(name: string, make: () => Storage) {
  describe(name, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = make();
    });

    it('stores a stream and reads it back whole or by range', async () => {
      const body = Buffer.from('0123456789'.repeat(1000));
      const put = await storage.put(
        '7/12/original.txt',
        Readable.from([body.subarray(0, 4000), body.subarray(4000)]),
      );
      expect(put.size).toBe(10000);
      expect(await text(await storage.get('7/12/original.txt'))).toBe(body.toString());
      expect(await text(await storage.get('7/12/original.txt', { start: 5, end: 14 }))).toBe(
        '5678901234',
      );
      expect((await storage.stat('7/12/original.txt'))?.size).toBe(10000);
    });

    it('answers missing files clearly and deletes by prefix', async () => {
      expect(await storage.stat('7/99/none.webp')).toBeNull();
      await expect(storage.get('7/99/none.webp')).rejects.toBeInstanceOf(StorageNotFound);
      await storage.put('8/1/a.webp', Readable.from([Buffer.from('a')]));
      await storage.put('8/2/b.webp', Readable.from([Buffer.from('b')]));
      await storage.put('80/1/c.webp', Readable.from([Buffer.from('c')]));
      await storage.delete('8/2/b.webp');
      await storage.delete('8/2/b.webp');
      expect(await storage.stat('8/2/b.webp')).toBeNull();
      expect(await storage.deleteByPrefix('8/')).toBe(1);
      expect(await storage.stat('8/1/a.webp')).toBeNull();
      // A neighbour whose id starts alike is untouched.
      expect((await storage.stat('80/1/c.webp'))?.size).toBe(1);
    });

    it('takes over a finished local file: stored under its key, gone from where it was', async () => {
      const file = path.join(root, `upload-${name.length}.tmp`);
      fs.writeFileSync(file, 'the original bytes', { mode: 0o600 });
      await storage.putFile('9/3/original.jpg', file, { contentType: 'image/jpeg' });
      expect(fs.existsSync(file)).toBe(false);
      expect(await text(await storage.get('9/3/original.jpg'))).toBe('the original bytes');
      expect((await storage.stat('9/3/original.jpg'))?.size).toBe(18);
    });

    it('refuses keys that could leave the media root', async () => {
      for (const key of ['../etc/passwd', '/abs/x', '7/../../x', '7//x', '']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
          RangeError,
        );
      }
      await expect(storage.deleteByPrefix('7')).rejects.toThrow(RangeError);
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
contract('disk storage', () => createDiskStorage(root));

describe('disk storage, a taken-over file', () => {
  it('is moved into place, not copied, and a bad key leaves it where it was', async () => {
    const media = path.join(root, 'moved');
    const storage = createDiskStorage(media);
    const file = path.join(root, 'upload-moved.tmp');
    fs.writeFileSync(file, 'bytes');
    const inode = fs.statSync(file).ino;
    await expect(storage.putFile('../x', file)).rejects.toThrow(RangeError);
    expect(fs.existsSync(file)).toBe(true);
    await storage.putFile('4/5/original.png', file);
    const stored = fs.statSync(path.join(media, '4', '5', 'original.png'));
    // the same file, renamed: no copy was made
    expect(stored.ino).toBe(inode);
  });
});

const s3 = fakeS3();
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));
contract('S3 storage (against a local stand-in)', () =>
  createS3Storage({
    endpoint,
    bucket: 'media',
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test',
  }),
);
