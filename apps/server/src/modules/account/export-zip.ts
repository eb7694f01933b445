import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip written as a stream (fflate): JSON documents compressed, stored files copied as they
 * are (photos and videos are compressed already). The caller reads `stream` while adding;
 * adding waits whenever the reader is behind, so a large export is never held in memory.
 */
export function createZipStream() {
  const stream = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      stream.destroy(error);
      return;
    }
    stream.write(chunk);
    if (final) stream.end();
  });
  const drained = async () => {
    if (stream.writableNeedDrain) await once(stream, 'drain');
  };

  return {
    stream: stream as Readable,

    async addJson(name: string, value: unknown): Promise<void> {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`), true);
      await drained();
    },

    async addFile(name: string, body: Readable): Promise<void> {
      const file = new ZipPassThrough(name);
      zip.add(file);
      for await (const chunk of body) {
        file.push(chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk)));
        await drained();
      }
      file.push(new Uint8Array(0), true);
    },

    end(): void {
      zip.end();
    },

    fail(error: Error): void {
      zip.terminate();
      stream.destroy(error);
    },
  };
}
