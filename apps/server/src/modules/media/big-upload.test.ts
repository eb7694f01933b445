import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { storedFiles } from './test-support.js';

/** MB streamed by the test (the 4 GB runs in bench/upload.mjs; BIG_UPLOAD_MB overrides). */
const SIZE_MB = Number(process.env.BIG_UPLOAD_MB ?? 512);
const MB = 1024 * 1024;
/** How much the process may grow while a file many times larger streams through it. */
const RSS_BOUND = 100 * MB;

/** A text document of `bytes` bytes, generated chunk by chunk (never held whole). */
function generatedText(bytes: number): Readable {
  const line = Buffer.from('Memoria streams uploads to storage without holding them.\n');
  const chunk = Buffer.alloc(256 * 1024);
  for (let i = 0; i < chunk.length; i += line.length) line.copy(chunk, i);
  chunk[chunk.length - 1] = 0x0a;
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

describeDb('large uploads', () => {
  let t: TestApp;
  let alice: SignedIn;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
    // Room for the file in the account (the free plan holds 1 GB).
    await t.database.db
      .updateTable('users')
      .set({ storage_order_bytes: 16 * 1024 * MB })
      .where('id', '=', alice.id)
      .execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it(
    `streams a ${SIZE_MB} MB upload to storage with the memory staying flat`,
    { timeout: 240_000 },
    async () => {
      const size = SIZE_MB * MB;
      const boundary = '----memoriabig';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      globalThis.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const started = Date.now();
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/memo/document',
            headers: {
              ...alice.headers,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(head.length + size + tail.length),
            },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (text: string) => (body += text));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.write(head);
        const source = generatedText(size);
        source.on('end', () => request.end(tail));
        source.pipe(request, { end: false });
      });
      clearInterval(sampler);
      const seconds = (Date.now() - started) / 1000;
      expect(answer.status, answer.body).toBe(201);
      const document = JSON.parse(answer.body) as { id: number; size: number };
      expect(document.size).toBe(size);
      expect(storedFiles(t, alice.id)).toContain(`${document.id}/original.txt`);
      const growth = peak - baseline;
      console.warn(
        `upload ${SIZE_MB} MB: ${(SIZE_MB / seconds).toFixed(0)} MB/s, RSS growth ${(growth / MB).toFixed(1)} MB`,
      );
      expect(growth).toBeLessThan(RSS_BOUND);
    },
  );
});
