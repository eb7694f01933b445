/* global self, importScripts */
/**
 * The file transfer's download worker (docs/notes/file-transfer.md, Download). Registered
 * by the download page with the scope /transfer/d/ only. The page hands it, for one file,
 * the file's AES-GCM key (a CryptoKey, never the link's secret), the address of the
 * ciphertext and the file's name; the page then opens /transfer/d/_stream/<ticket>, which
 * this worker answers with the decrypted bytes as they arrive, as an attachment. The
 * browser writes them straight to the downloads folder, so no side holds the whole file.
 * "Download all" hands it every file at once and gets one zip (transfer-zip.js), made as
 * the bytes arrive, one file after the other.
 * Plain JavaScript: it must decrypt exactly like src/features/transfer/crypto.ts.
 */

importScripts('/transfer-zip.js');

const STREAM_PREFIX = '/transfer/d/_stream/';
const RECORD = 64 * 1024;
const TAG = 16;
const SEALED = RECORD + TAG;
/** a ticket not used within this time is forgotten */
const TICKET_MS = 60_000;

/**
 * ticket → { kind: 'transfer-file', key, url, sealedSize, name, type, size, port }
 *        | { kind: 'transfer-zip', name, files: [{ key, url, sealedSize, name, size }], port }
 */
const tickets = new Map();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data.ticket !== 'string') return;
  if (data.kind !== 'transfer-file' && data.kind !== 'transfer-zip') return;
  const port = event.ports[0];
  tickets.set(data.ticket, { ...data, port });
  setTimeout(() => tickets.delete(data.ticket), TICKET_MS);
  port?.postMessage({ kind: 'ready' });
});

function nonce(record) {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setBigUint64(4, BigInt(record));
  return bytes;
}

/** Decrypts the records of one file as they arrive; reports the ciphertext received. */
function decrypting(key, sealedSize, onProgress) {
  const records = Math.ceil(sealedSize / SEALED);
  let pending = new Uint8Array(0);
  let record = 0;
  let received = 0;
  // The whole records at hand are decrypted at once, then passed on in order: one await per
  // 64 KiB record made a 200 MB download wait on thousands of round trips.
  async function take(controller, flush) {
    const count = flush ? Math.ceil(pending.length / SEALED) : Math.floor(pending.length / SEALED);
    if (count === 0) return;
    const batch = [];
    for (let n = 0; n < count; n += 1) {
      const index = record + n;
      batch.push(
        crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: nonce(index),
            additionalData: new Uint8Array([index === records - 1 ? 1 : 0]),
          },
          key,
          pending.subarray(n * SEALED, Math.min((n + 1) * SEALED, pending.length)),
        ),
      );
    }
    const plains = await Promise.all(batch);
    pending = pending.slice(Math.min(count * SEALED, pending.length));
    record += count;
    for (const plain of plains) controller.enqueue(new Uint8Array(plain));
  }
  return new TransformStream({
    async transform(chunk, controller) {
      received += chunk.length;
      onProgress(received);
      const joined = new Uint8Array(pending.length + chunk.length);
      joined.set(pending);
      joined.set(chunk, pending.length);
      pending = joined;
      await take(controller, false);
    },
    async flush(controller) {
      await take(controller, true);
      if (record !== records) throw new Error('truncated transfer file');
    },
  });
}

/** A Content-Disposition naming the file, readable by every browser. */
function disposition(name) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One file's plaintext, fetched and decrypted as it is read; progress goes to the page. */
async function plaintext(file, port, index) {
  const source = await fetch(file.url, { credentials: 'same-origin', cache: 'no-store' });
  if (!source.ok || !source.body) throw new Error(`download failed: ${source.status}`);
  let lastReport = 0;
  return source.body.pipeThrough(
    decrypting(file.key, file.sealedSize, (received) => {
      const now = Date.now();
      if (now - lastReport > 200 || received === file.sealedSize) {
        lastReport = now;
        port?.postMessage({ kind: 'progress', index, received });
      }
    }),
  );
}

/** Passes `plain` on, telling the page when the last byte went out or that it failed. */
function reporting(plain, port) {
  const reader = plain.getReader();
  return new ReadableStream(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            port?.postMessage({ kind: 'done' });
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          port?.postMessage({ kind: 'error', status: 0 });
          controller.error(error);
        }
      },
      cancel(reason) {
        port?.postMessage({ kind: 'error', status: 0 });
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

const HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

async function answerFile(entry) {
  const { port } = entry;
  let plain;
  try {
    plain = await plaintext(entry, port, 0);
  } catch {
    port?.postMessage({ kind: 'error', status: 502 });
    return new Response('The download failed.', { status: 502 });
  }
  return new Response(reporting(plain, port), {
    headers: {
      ...HEADERS,
      'content-type': entry.type || 'application/octet-stream',
      'content-length': String(entry.size),
      'content-disposition': disposition(entry.name),
    },
  });
}

/** Every file in one zip; a file's ciphertext is fetched when the zip reaches it. */
function answerZip(entry) {
  const { port } = entry;
  const zip = self.transferZip.zipStream(
    entry.files.map((file, index) => ({
      name: file.name,
      size: file.size,
      open: () => plaintext(file, port, index),
    })),
  );
  return new Response(reporting(zip.stream, port), {
    headers: {
      ...HEADERS,
      'content-type': 'application/zip',
      'content-length': String(zip.size),
      'content-disposition': disposition(entry.name),
    },
  });
}

async function answer(ticket) {
  const entry = tickets.get(ticket);
  if (!entry)
    return new Response('This download has expired. Go back and try again.', { status: 404 });
  tickets.delete(ticket);
  return entry.kind === 'transfer-zip' ? answerZip(entry) : answerFile(entry);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(STREAM_PREFIX)) return;
  const ticket = url.pathname.slice(STREAM_PREFIX.length).split('/')[0];
  event.respondWith(
    answer(ticket).catch(() => new Response('The download failed.', { status: 500 })),
  );
});
