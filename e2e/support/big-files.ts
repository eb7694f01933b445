import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Large files in journeys without holding them in memory: made on disk, compared by their
 * SHA-256 read as streams, searched for a marker in pieces, and a zip's entries hashed where
 * they lie in the zip.
 */

const MEGABYTE = 1024 * 1024;

/** Writes `head`, then random bytes up to `size` in all; answers the file's SHA-256 (hex). */
export async function writeRandomFile(path: string, size: number, head: string): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      hash.update(chunk);
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  const first = Buffer.from(head);
  await write(first);
  for (let written = first.length; written < size;) {
    const chunk = randomBytes(Math.min(MEGABYTE, size - written));
    await write(chunk);
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

/** SHA-256 (hex) of a file, or of `length` bytes from `start`, read as a stream. */
export async function sha256File(path: string, start = 0, length?: number): Promise<string> {
  const hash = createHash('sha256');
  const range = length === undefined ? { start } : { start, end: start + length - 1 };
  if (length === 0) return hash.digest('hex');
  for await (const chunk of createReadStream(path, range)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The `needles` the file holds, in one read in pieces that overlap by the longest one. */
export async function foundIn(path: string, needles: string[]): Promise<string[]> {
  const wanted = needles.map((needle) => Buffer.from(needle));
  const overlap = Math.max(...wanted.map((needle) => needle.length)) - 1;
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * MEGABYTE })) {
    const joined = Buffer.concat([tail, chunk as Buffer]);
    wanted.forEach((needle, n) => {
      if (joined.includes(needle)) found.add(needles[n]!);
    });
    tail = joined.subarray(Math.max(0, joined.length - overlap));
  }
  return needles.filter((needle) => found.has(needle));
}

/**
 * The SHA-256 of each entry of a zip of stored (uncompressed) entries, by name, read from
 * the central directory without unpacking the zip. Plain zip only (entries under 4 GiB).
 */
export async function zipEntryHashes(path: string): Promise<Record<string, string>> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) throw new Error('no end of central directory');
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, tail.readUInt32LE(end + 16));
    const entries: { name: string; method: number; size: number; offset: number }[] = [];
    for (let at = 0, n = 0; n < count; n += 1) {
      if (directory.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
      const nameLength = directory.readUInt16LE(at + 28);
      entries.push({
        method: directory.readUInt16LE(at + 10),
        size: directory.readUInt32LE(at + 20),
        offset: directory.readUInt32LE(at + 42),
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    const hashes: Record<string, string> = {};
    for (const entry of entries) {
      if (entry.method !== 0) throw new Error(`${entry.name} is compressed`);
      const local = Buffer.alloc(30);
      await file.read(local, 0, 30, entry.offset);
      const dataStart = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      hashes[entry.name] = await sha256File(path, dataStart, entry.size);
    }
    return hashes;
  } finally {
    await file.close();
  }
}
