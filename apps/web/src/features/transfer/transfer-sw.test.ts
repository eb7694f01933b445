import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const source = readFileSync(join(import.meta.dirname, '../../../public/transfer-sw.js'), 'utf8');
  new Function('self', 'fetch', source)(self, fetchCipher);
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
});
