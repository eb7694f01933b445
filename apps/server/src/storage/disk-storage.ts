import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  StorageNotFound,
  type ByteRange,
  type Storage,
  type StoredFile,
} from './storage.js';

/** Counts the bytes passing through. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * Files under `root` (DATA_DIR/media). A write goes to a temporary file beside its target
 * and is renamed into place once complete, so a reader never sees half a file and a failed
 * upload leaves nothing behind.
 */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'disk',

    async put(key, body) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      const counter = byteCounter();
      try {
        await pipeline(body, counter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return { size: counter.bytes };
    },

    async putFile(key, file) {
      const target = fileOf(key);
      try {
        // The upload's temporary file is on the same disk (DATA_DIR/tmp): a rename is atomic
        // and costs the answer no copy. Both calls only touch directory entries (microseconds,
        // synchronous as SQLite's writes to the same disk are), where their async forms would
        // each wait for a turn of a busy event loop.
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await this.put(key, fs.createReadStream(file));
        await fsp.rm(file, { force: true });
      }
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      // Open first, so a missing file is an error here rather than on the stream.
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat(key): Promise<StoredFile | null> {
      try {
        const info = await fsp.stat(fileOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    async deleteByPrefix(prefix) {
      assertValidKey(prefix, { prefix: true });
      const dir = path.join(root, ...prefix.replace(/\/$/, '').split('/'));
      let files = 0;
      try {
        const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
        files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.part')).length;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      await fsp.rm(dir, { recursive: true, force: true });
      return files;
    },
  };
}
