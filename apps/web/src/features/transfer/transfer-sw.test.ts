import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { transferCipherSize } from '@memoria/domain';
import { encryptedSlice, fileKey, newSecret } from './crypto';

type Listener = (event: unknown) => void;

/** Runs public/transfer-sw.js against a fake worker scope; answers its listeners. */
function loadWorker(fetchCipher: (url: string) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: { origin: 'https://memoria.test' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: { claim: () => Promise.resolve() },
  };
  const read = (name: string) =>
    readFileSync(join(import.meta.dirname, '../../../public', name), 'utf8');
  const importScripts = (url: string) => new Function('self', read(url.slice(1)))(self);
  new Function('self', 'fetch', 'importScripts', read('transfer-sw.js'))(
    self,
    fetchCipher,
    importScripts,
  );
  return listeners;
}

describe('the download worker', () => {
  it('answers the decrypted file as an attachment, and reports the end', async () => {
    const plain = new Uint8Array(200_000).map((_, i) => (i * 31) % 251);
    const secret = newSecret();
    const key = await fileKey(secret, 3);
    const sealedSize = transferCipherSize(plain.length);
    const sealed = await encryptedSlice(new Blob([plain]), key, 0, sealedSize);
    const listeners = loadWorker(async () => new Response(sealed));
    const messages: string[] = [];
    const port = { postMessage: (message: { kind: string }) => messages.push(message.kind) };
    listeners.get('message')!({
      data: {
        kind: 'transfer-file',
        ticket: 't1',
        url: 'https://memoria.test/api/transfers/x/files/3?token=1',
        key,
        sealedSize,
        name: 'Résumé "final".pdf',
        type: 'application/pdf',
        size: plain.length,
      },
      ports: [port],
    });
    expect(messages).toEqual(['ready']);

    let answered: Promise<Response> | undefined;
    listeners.get('fetch')!({
      request: { url: 'https://memoria.test/transfer/d/_stream/t1/resume.pdf' },
      respondWith: (response: Promise<Response>) => (answered = response),
    });
    const response = await answered!;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
    expect(response.headers.get('content-length')).toBe(String(plain.length));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes).toEqual(plain);
    expect(messages.at(-1)).toBe('done');

    // a ticket is used once; other addresses are left to the network
    let again: Promise<Response> | undefined;
    listeners.get('fetch')!({
      request: { url: 'https://memoria.test/transfer/d/_stream/t1/resume.pdf' },
      respondWith: (response: Promise<Response>) => (again = response),
    });
    expect((await again!).status).toBe(404);
    let passed = true;
    listeners.get('fetch')!({
      request: { url: 'https://memoria.test/transfer/d/abc' },
      respondWith: () => (passed = false),
    });
    expect(passed).toBe(true);
  });

  it('fails the download when the ciphertext was tampered with', async () => {
    const plain = new Uint8Array(70_000).fill(7);
    const key = await fileKey(newSecret(), 0);
    const sealedSize = transferCipherSize(plain.length);
    const sealed = await encryptedSlice(new Blob([plain]), key, 0, sealedSize);
    sealed[10] = (sealed[10] ?? 0) ^ 1;
    const listeners = loadWorker(async () => new Response(sealed));
    const messages: string[] = [];
    listeners.get('message')!({
      data: {
        kind: 'transfer-file',
        ticket: 't2',
        url: 'x',
        key,
        sealedSize,
        name: 'a',
        type: '',
        size: plain.length,
      },
      ports: [{ postMessage: (message: { kind: string }) => messages.push(message.kind) }],
    });
    let answered: Promise<Response> | undefined;
    listeners.get('fetch')!({
      request: { url: 'https://memoria.test/transfer/d/_stream/t2/a' },
      respondWith: (response: Promise<Response>) => (answered = response),
    });
    await expect((await answered!).arrayBuffer()).rejects.toThrow();
    expect(messages.at(-1)).toBe('error');
  });

  it('answers every file as one zip, fetching each file only when the zip reaches it', async () => {
    const secret = newSecret();
    const plains = [
      new Uint8Array(150_000).map((_, i) => (i * 7) % 253),
      new TextEncoder().encode('a small note\n'),
      new Uint8Array(0),
    ];
    const names = ['photos.bin', 'notes/../note.txt', 'photos.bin'];
    const sealed = await Promise.all(
      plains.map(async (plain, index) =>
        encryptedSlice(
          new Blob([plain]),
          await fileKey(secret, index),
          0,
          transferCipherSize(plain.length),
        ),
      ),
    );
    const fetched: number[] = [];
    const listeners = loadWorker(async (url) => {
      const index = Number(url.split('/').at(-1));
      fetched.push(index);
      return new Response(sealed[index]);
    });
    const messages: string[] = [];
    listeners.get('message')!({
      data: {
        kind: 'transfer-zip',
        ticket: 'z1',
        name: 'files.zip',
        files: await Promise.all(
          plains.map(async (plain, index) => ({
            url: `https://memoria.test/api/transfers/x/files/${index}`,
            key: await fileKey(secret, index),
            sealedSize: transferCipherSize(plain.length),
            name: names[index],
            size: plain.length,
          })),
        ),
      },
      ports: [{ postMessage: (message: { kind: string }) => messages.push(message.kind) }],
    });
    let answered: Promise<Response> | undefined;
    listeners.get('fetch')!({
      request: { url: 'https://memoria.test/transfer/d/_stream/z1/files.zip' },
      respondWith: (response: Promise<Response>) => (answered = response),
    });
    const response = await answered!;
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('filename="files.zip"');

    // pulled, not pushed: the header and the first file's first bytes leave before the
    // second file is fetched
    const reader = response.body!.getReader();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    parts.push((await reader.read()).value as Uint8Array<ArrayBuffer>);
    expect(fetched).toEqual([]);
    parts.push((await reader.read()).value as Uint8Array<ArrayBuffer>);
    expect(fetched).toEqual([0]);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
    }
    expect(fetched).toEqual([0, 1, 2]);
    const zip = new Uint8Array(await new Blob(parts).arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(zip.length));
    const unpacked = unzipSync(zip);
    expect(Object.keys(unpacked)).toEqual(['photos.bin', 'notes_.._note.txt', '2-photos.bin']);
    expect(Buffer.from(unpacked['photos.bin']!).equals(plains[0]!)).toBe(true);
    expect(Buffer.from(unpacked['notes_.._note.txt']!).equals(plains[1]!)).toBe(true);
    expect(Buffer.from(unpacked['2-photos.bin']!).equals(plains[2]!)).toBe(true);
    expect(messages.at(-1)).toBe('done');
  });
});
