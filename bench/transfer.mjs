#!/usr/bin/env node
// File transfer throughput and the server's memory (issue 24; docs/notes/file-transfer.md).
// Usage: npm run build && node bench/transfer.mjs [--mb 2048] [--many 20] [--many-mb 50]
// Against the built server (SQLite, transfers on local disk under a temp DATA_DIR) over
// 127.0.0.1, as the browser does it but without the encryption (the server only ever sees
// opaque bytes): POST /api/transfers, tus PATCH requests of about 8 MB from offset 0 to
// the end, complete, then the download grant and one streamed GET of each file. Two runs:
// one transfer of --mb MB, then --many transfers of --many-mb MB at once. The server's
// resident memory (VmRSS) is sampled every 20 ms. Prints Markdown rows for
// docs/PERFORMANCE.md (File transfer).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { activatedUser, freePort, startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '2048' },
    many: { type: 'string', default: '20' },
    'many-mb': { type: 'string', default: '50' },
  },
});
const MB = 1024 * 1024;
/** what the browser sends per PATCH: 128 sealed records of 64 KiB + 16 */
const CHUNK = 128 * (64 * 1024 + 16);
const PATTERN = randomBytes(256 * 1024);

const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

function request(base, { method, path, headers = {}, body, bodyBytes }) {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers },
      (res) => {
        const chunks = [];
        let received = 0;
        res.on('data', (chunk) => {
          received += chunk.length;
          // a file download is only counted, never kept
          if (!bodyBytes) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            received,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (typeof body === 'number') {
      // `body` bytes of the pattern, written as the socket drains
      let left = body;
      const write = () => {
        while (left > 0) {
          const n = Math.min(left, PATTERN.length);
          left -= n;
          if (!req.write(n === PATTERN.length ? PATTERN : PATTERN.subarray(0, n))) {
            req.once('drain', write);
            return;
          }
        }
        req.end();
      };
      write();
    } else req.end(body);
  });
}

const json = (token, method, path, payload) =>
  request(globalThis.base, {
    method,
    path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    body: payload ? JSON.stringify(payload) : undefined,
  }).then((res) => {
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return JSON.parse(res.text);
  });

async function upload(token, size) {
  const created = await json(token, 'POST', '/api/transfers', {
    expiry: '1d',
    max_downloads: 1,
    manifest: 'YmVuY2g',
    files: [{ size }],
  });
  const url = created.uploads[0].upload_url;
  for (let offset = 0; offset < size; offset += CHUNK) {
    const n = Math.min(CHUNK, size - offset);
    const res = await request(globalThis.base, {
      method: 'PATCH',
      path: url,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(n),
      },
      body: n,
    });
    if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${res.text}`);
  }
  await json(token, 'POST', `/api/transfers/${created.id}/complete`);
  return created.id;
}

async function download(id, size) {
  const grant = await json('', 'POST', `/api/transfers/${id}/download`, {});
  const res = await request(globalThis.base, {
    method: 'GET',
    path: `/api/transfers/${id}/files/0?token=${encodeURIComponent(grant.token)}`,
    bodyBytes: true,
  });
  if (res.status !== 200 || res.received !== size) {
    throw new Error(`download of ${id}: ${res.status}, ${res.received} of ${size} bytes`);
  }
}

function sampler(pid) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* the process is gone */
    }
  }, 20);
  return {
    baseline,
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;
const mb = (bytes) => (bytes / MB).toFixed(0);

const bigMb = Number(values.mb);
const many = Number(values.many);
const manyMb = Number(values['many-mb']);
const { base, stop, pid, dataDir } = await startServer(await freePort(), {
  UPLOAD_LIMIT_MB: String(Math.max(5120, bigMb + 1)),
});
globalThis.base = base;
try {
  const { token } = await activatedUser(
    base,
    dataDir,
    'transfer-bench@example.com',
    'Bench-pass-1234',
  );
  // warm the paths with a small transfer, then measure from a settled baseline
  await download(await upload(token, MB), MB);
  await new Promise((r) => setTimeout(r, 500));

  const rows = [];
  {
    const size = bigMb * MB;
    const memory = sampler(pid);
    let started = process.hrtime.bigint();
    const id = await upload(token, size);
    const up = seconds(started);
    started = process.hrtime.bigint();
    await download(id, size);
    const down = seconds(started);
    const peak = memory.stop();
    rows.push(
      `| 1 × ${bigMb} MB | ${up.toFixed(1)} s | ${(bigMb / up).toFixed(0)} | ${down.toFixed(1)} s | ${(bigMb / down).toFixed(0)} | ${mb(memory.baseline)} MB | ${mb(peak)} MB | ${mb(peak - memory.baseline)} MB |`,
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  {
    const size = manyMb * MB;
    const memory = sampler(pid);
    let started = process.hrtime.bigint();
    const ids = await Promise.all(Array.from({ length: many }, () => upload(token, size)));
    const up = seconds(started);
    started = process.hrtime.bigint();
    await Promise.all(ids.map((id) => download(id, size)));
    const down = seconds(started);
    const peak = memory.stop();
    const total = many * manyMb;
    rows.push(
      `| ${many} × ${manyMb} MB at once | ${up.toFixed(1)} s | ${(total / up).toFixed(0)} | ${down.toFixed(1)} s | ${(total / down).toFixed(0)} | ${mb(memory.baseline)} MB | ${mb(peak)} MB | ${mb(peak - memory.baseline)} MB |`,
    );
  }
  console.log('| transfer | upload | MB/s | download | MB/s | server RSS before | peak | growth |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stop();
}
