import { TRANSFER } from '@memoria/domain';

/**
 * The transfer's encryption (docs/notes/file-transfer.md). One random secret per transfer
 * travels only in the link's fragment; HKDF turns it into one AES-GCM key per file and
 * one for the manifest. A file is cut into records of TRANSFER.recordSize bytes, each
 * sealed on its own with a nonce counted from 0 and the "last record" flag as additional
 * data, so records can be made in any order (a resumed upload starts mid-file) and a
 * truncated or reordered file fails to decrypt.
 */

const RECORD = TRANSFER.recordSize;
const SEALED = RECORD + TRANSFER.tagSize;
const encoder = new TextEncoder();

export interface ManifestFile {
  name: string;
  type: string;
  size: number;
}

export interface Manifest {
  files: ManifestFile[];
  message: string;
}

export function newSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(secret: Uint8Array<ArrayBuffer>, label: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(label) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export const fileKey = (secret: Uint8Array<ArrayBuffer>, index: number) =>
  derive(secret, `memoria transfer file ${index}`);
const manifestKey = (secret: Uint8Array<ArrayBuffer>) =>
  derive(secret, 'memoria transfer manifest');

function nonce(record: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setBigUint64(4, BigInt(record));
  return bytes;
}

const flag = (last: boolean) => new Uint8Array([last ? 1 : 0]);

export function recordCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / RECORD));
}

export async function sealRecord(
  key: CryptoKey,
  record: number,
  plain: Uint8Array<ArrayBuffer>,
  last: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce(record), additionalData: flag(last) },
    key,
    plain,
  );
  return new Uint8Array(sealed);
}

export async function openRecord(
  key: CryptoKey,
  record: number,
  sealed: Uint8Array<ArrayBuffer>,
  last: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: nonce(record), additionalData: flag(last) },
    key,
    sealed,
  );
  return new Uint8Array(plain);
}

/**
 * Bytes `start..end` (end exclusive) of the encrypted form of `file`, made from only the
 * records they touch: what the tus client asks for, chunk by chunk, from any offset.
 */
export async function encryptedSlice(
  file: Blob,
  key: CryptoKey,
  start: number,
  end: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const records = recordCount(file.size);
  const first = Math.floor(start / SEALED);
  const last = Math.min(records - 1, Math.floor((end - 1) / SEALED));
  // One read of the plaintext these records cover, then all of them sealed at once: a read
  // and an encryption per 64 KiB record, one after the other, kept a 200 MB upload waiting
  // on thousands of round trips.
  const plainFrom = first * RECORD;
  const plain = new Uint8Array(
    await file.slice(plainFrom, Math.min((last + 1) * RECORD, file.size)).arrayBuffer(),
  );
  const sealed = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, n) => {
      const record = first + n;
      const part = plain.subarray(n * RECORD, Math.min((n + 1) * RECORD, plain.length));
      return sealRecord(key, record, part, record === records - 1);
    }),
  );
  const joined = new Uint8Array(sealed.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of sealed) {
    joined.set(part, at);
    at += part.length;
  }
  const from = start - first * SEALED;
  return joined.subarray(from, from + (end - start));
}

/**
 * Decrypts a stream of one file's records as they arrive; `sealedSize` (the stored size)
 * tells which record is the last. Memory holds at most one record and one network chunk.
 */
export function decryptingStream(
  key: CryptoKey,
  sealedSize: number,
): TransformStream<Uint8Array, Uint8Array> {
  const records = Math.ceil(sealedSize / SEALED);
  let pending = new Uint8Array(0);
  let record = 0;
  async function take(controller: TransformStreamDefaultController<Uint8Array>, flush: boolean) {
    while (pending.length >= SEALED || (flush && pending.length > 0)) {
      const size = Math.min(SEALED, pending.length);
      const sealed = pending.slice(0, size);
      pending = pending.slice(size);
      controller.enqueue(await openRecord(key, record, sealed, record === records - 1));
      record += 1;
    }
  }
  return new TransformStream({
    async transform(chunk, controller) {
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

export async function sealManifest(
  secret: Uint8Array<ArrayBuffer>,
  manifest: Manifest,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await manifestKey(secret),
    encoder.encode(JSON.stringify(manifest)),
  );
  const joined = new Uint8Array(12 + sealed.byteLength);
  joined.set(iv);
  joined.set(new Uint8Array(sealed), 12);
  return toBase64Url(joined);
}

export async function openManifest(
  secret: Uint8Array<ArrayBuffer>,
  sealed: string,
): Promise<Manifest> {
  const bytes = fromBase64Url(sealed);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, 12) },
    await manifestKey(secret),
    bytes.slice(12),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Manifest;
}
