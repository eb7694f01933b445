import { describe, expect, it } from 'vitest';
import { TRANSFER, transferCipherSize } from '@memoria/domain';
import {
  decryptingStream,
  encryptedSlice,
  fileKey,
  newSecret,
  openManifest,
  sealManifest,
} from './crypto';

/** getRandomValues fills at most 64 KiB at once. */
function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65_536)));
  }
  return bytes;
}

async function decryptAll(key: CryptoKey, sealed: Uint8Array, chunk: number) {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < sealed.length; at += chunk)
        controller.enqueue(sealed.slice(at, at + chunk));
      controller.close();
    },
  });
  const out = await new Response(
    source.pipeThrough(decryptingStream(key, sealed.length)),
  ).arrayBuffer();
  return new Uint8Array(out);
}

describe('transfer encryption', () => {
  it('encrypts from any offset and decrypts as a stream to the same bytes', async () => {
    const plain = randomBytes(TRANSFER.recordSize * 2 + 1234);
    const key = await fileKey(newSecret(), 0);
    const size = transferCipherSize(plain.length);
    const file = new Blob([plain]);
    // in odd pieces, as a resumed tus upload asks for them
    const cuts = [0, 1000, 70_000, 140_000, size];
    const pieces = [];
    for (let i = 0; i < cuts.length - 1; i += 1) {
      pieces.push(await encryptedSlice(file, key, cuts[i]!, cuts[i + 1]!));
    }
    const sealed = new Uint8Array(await new Blob(pieces).arrayBuffer());
    expect(sealed.length).toBe(size);
    expect(await decryptAll(key, sealed, 5000)).toEqual(plain);
  });

  it('refuses a truncated file and a wrong key', async () => {
    const plain = randomBytes(TRANSFER.recordSize + 10);
    const key = await fileKey(newSecret(), 0);
    const sealed = await encryptedSlice(
      new Blob([plain]),
      key,
      0,
      transferCipherSize(plain.length),
    );
    await expect(
      decryptAll(key, sealed.slice(0, TRANSFER.recordSize + 16), 4096),
    ).rejects.toThrow();
    const other = await fileKey(newSecret(), 0);
    await expect(decryptAll(other, sealed, 4096)).rejects.toThrow();
  });

  it('seals the manifest for the secret only', async () => {
    const secret = newSecret();
    const manifest = {
      files: [{ name: 'été.pdf', type: 'application/pdf', size: 3 }],
      message: 'hi',
    };
    const sealed = await sealManifest(secret, manifest);
    expect(sealed).not.toContain('pdf');
    expect(await openManifest(secret, sealed)).toEqual(manifest);
    await expect(openManifest(newSecret(), sealed)).rejects.toThrow();
  });
});
