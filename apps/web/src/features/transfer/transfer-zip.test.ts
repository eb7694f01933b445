import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';

interface Entry {
  name: string;
  size: number;
  open: () => Promise<ReadableStream<Uint8Array>>;
}
interface TransferZip {
  zipStream(
    entries: Entry[],
    options?: { date?: Date; zip64From?: number },
  ): { stream: ReadableStream<Uint8Array>; size: number };
  crc32(crc: number, bytes: Uint8Array): number;
}

/** public/transfer-zip.js, as the download worker loads it. */
function loadZip(): TransferZip {
  const self: { transferZip?: TransferZip } = {};
  const source = readFileSync(join(import.meta.dirname, '../../../public/transfer-zip.js'), 'utf8');
  new Function('self', source)(self);
  return self.transferZip!;
}

/** A source that hands `bytes` on in chunks of `chunk` bytes. */
function source(bytes: Uint8Array, chunk = 10_000): () => Promise<ReadableStream<Uint8Array>> {
  return async () => {
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      },
    });
  };
}

const folder = mkdtempSync(join(tmpdir(), 'transfer-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Info-ZIP's own test of the archive (every CRC and size), and its listing. */
function infoZip(zip: Uint8Array, name: string): { test: string; list: string } {
  const path = join(folder, name);
  writeFileSync(path, zip);
  return {
    test: execFileSync('unzip', ['-t', path], { encoding: 'utf8' }),
    list: execFileSync('unzip', ['-Z', '-v', path], { encoding: 'utf8' }),
  };
}

const zip = loadZip();
const files = [
  { name: 'big.bin', bytes: new Uint8Array(120_000).map((_, i) => (i * 13) % 256) },
  {
    name: 'Überblick – notes.txt',
    bytes: new TextEncoder().encode('zwei Zeilen\nund noch eine\n'),
  },
  { name: 'empty', bytes: new Uint8Array(0) },
];

async function build(zip64From?: number) {
  const made = zip.zipStream(
    files.map((file) => ({ name: file.name, size: file.bytes.length, open: source(file.bytes) })),
    { date: new Date(2026, 4, 17, 10, 30, 12), zip64From },
  );
  const bytes = new Uint8Array(await new Response(made.stream).arrayBuffer());
  return { bytes, size: made.size };
}

describe('the transfer zip writer', () => {
  it('computes a CRC-32 in pieces as in one go', () => {
    const text = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(zip.crc32(0, text)).toBe(0x414fa339);
    expect(zip.crc32(zip.crc32(0, text.slice(0, 10)), text.slice(10))).toBe(0x414fa339);
  });

  it('writes a plain zip that unzip and fflate open, byte for byte, of the announced size', async () => {
    const { bytes, size } = await build();
    expect(bytes.length).toBe(size);
    const unpacked = unzipSync(bytes);
    expect(Object.keys(unpacked)).toEqual(files.map((file) => file.name));
    for (const file of files) {
      expect(Buffer.from(unpacked[file.name]!).equals(file.bytes)).toBe(true);
    }
    const { test, list } = infoZip(bytes, 'plain.zip');
    expect(test).toContain('No errors detected');
    expect(list).not.toContain('64-bit');
    expect(test).toContain('testing: Überblick – notes.txt');
    expect(list).toContain('compression method:                             none (stored)');
  });

  it('uses the zip64 records once sizes and offsets pass the bound, as for 4 GB', async () => {
    // the bound lowered to 1000 bytes: big.bin is a zip64 entry, the later entries start
    // past it, and the central directory ends with the zip64 end records
    const { bytes, size } = await build(1000);
    expect(bytes.length).toBe(size);
    const unpacked = unzipSync(bytes);
    for (const file of files) {
      expect(Buffer.from(unpacked[file.name]!).equals(file.bytes)).toBe(true);
    }
    const { test, list } = infoZip(bytes, 'zip64.zip');
    expect(test).toContain('No errors detected');
    // every central entry carries the zip64 field: big.bin its sizes, the others their offset
    expect(list.match(/PKWARE 64-bit sizes/g)).toHaveLength(3);
    const view = new DataView(bytes.buffer);
    // the zip64 end record and its locator before the end record
    expect(view.getUint32(bytes.length - 22 - 76, true)).toBe(0x06064b50);
    expect(view.getUint32(bytes.length - 22 - 20, true)).toBe(0x07064b50);
    expect(view.getUint32(bytes.length - 22 + 16, true)).toBe(0xffffffff);
    // the first local header announces a zip64 entry: sizes 0xFFFFFFFF and the extra field
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(18, true)).toBe(0xffffffff);
    expect(view.getUint16(30 + 'big.bin'.length, true)).toBe(0x0001);
  });

  it('lays out a 5 GiB entry with zip64 sizes without reading it', async () => {
    const size = 5 * 1024 ** 3;
    let opened = false;
    const made = zip.zipStream([
      {
        name: 'huge.bin',
        size,
        open: async () => {
          opened = true;
          return new ReadableStream();
        },
      },
    ]);
    // local header with its zip64 extra, the data, a 24-byte descriptor, one central
    // header with a 20-byte zip64 extra, the zip64 end records and the end record
    expect(made.size).toBe(30 + 8 + 20 + size + 24 + (46 + 8 + 20) + 56 + 20 + 22);
    const reader = made.stream.getReader();
    const header = (await reader.read()).value!;
    const view = new DataView(header.buffer, header.byteOffset);
    expect(view.getUint16(4, true)).toBe(45);
    expect(view.getUint32(22, true)).toBe(0xffffffff);
    expect(opened).toBe(false);
    await reader.cancel();
  });

  it('fails rather than write a zip whose entry is not the announced size', async () => {
    const made = zip.zipStream([{ name: 'short', size: 10, open: source(new Uint8Array(9)) }]);
    await expect(new Response(made.stream).arrayBuffer()).rejects.toThrow();
  });
});
