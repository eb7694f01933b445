#!/usr/bin/env node
// Upload throughput and the server's memory during one large upload (issue 4).
// Usage: npm run build && node bench/upload.mjs [--mb 1024]
// Streams a generated text document of --mb MB (never held in memory) as multipart to
// POST /api/memo/document on the built server (SQLite, local disk under a temp DATA_DIR) over
// 127.0.0.1, sampling the server process's resident memory (VmRSS) every 20 ms.
// Prints a Markdown table row for docs/PERFORMANCE.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { activatedUser, freePort, root, startServer } from './support.mjs';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '1024' } } });
const MB = 1024 * 1024;
const size = Number(values.mb) * MB;

const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

function generated(bytes) {
  const line = Buffer.from('Memoria streams uploads to storage without holding them.\n');
  const chunk = Buffer.alloc(256 * 1024);
  for (let i = 0; i < chunk.length; i += line.length) line.copy(chunk, i);
  chunk[chunk.length - 1] = 0x0a;
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

function upload(base, token, bytes, name) {
  const boundary = '----memoriabench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/memo/document', base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + bytes + tail.length),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const source = generated(bytes);
    source.on('end', () => request.end(tail));
    source.pipe(request, { end: false });
  });
}

const { base, dataDir, stop, pid } = await startServer(await freePort(), {
  UPLOAD_LIMIT_MB: String(Math.max(5120, Number(values.mb) + 1)),
});
try {
  const usermail = 'upload-bench@example.com';
  const { token } = await activatedUser(base, dataDir, usermail, 'Bench-pass-1234');
  // Room in the account for the file (the free plan holds 1 GB).
  execFileSync(
    process.execPath,
    [
      join(root, 'apps/server/dist/admin.js'),
      'users:storage',
      usermail,
      String(Math.ceil(values.mb / 1024) + 2),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  // Warm up the upload path with a small file, then measure from a settled baseline.
  const warm = await upload(base, token, MB, 'warm.txt');
  if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* the process is gone */
    }
  }, 20);
  const started = process.hrtime.bigint();
  const answer = await upload(base, token, size, 'big.txt');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  const stored = JSON.parse(answer.body).size;
  if (stored !== size) throw new Error(`stored ${stored} bytes of ${size}`);
  const mb = (bytes) => (bytes / MB).toFixed(0);
  console.log('| upload | seconds | MB/s | server RSS before | peak | growth |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ${values.mb} MB document | ${seconds.toFixed(1)} | ${(size / MB / seconds).toFixed(0)} | ${mb(baseline)} MB | ${mb(peak)} MB | ${mb(peak - baseline)} MB |`,
  );
} finally {
  await stop();
}
