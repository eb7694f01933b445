import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/utils';
import { createDiskStorage, type Storage } from '../../storage/index.js';

/**
 * Where transfer files live: DATA_DIR/transfers/<file id>, each written by the tus file
 * store (with its `<id>.json` of upload state beside it) and read back through the disk
 * storage, which streams byte ranges. Transfers always stay on disk, even when media go
 * to S3 (docs/notes/file-transfer.md).
 */
export interface TransferFiles {
  readonly directory: string;
  readonly store: FileStore;
  readonly storage: Storage;
  /** Creates the empty upload a tus client then fills with PATCH requests. */
  create(id: string, size: number): Promise<void>;
  /** Bytes received so far; null when there is no such upload. */
  offset(id: string): Promise<number | null>;
  remove(id: string): Promise<void>;
  /** Every stored upload (its file and its state file) with the time it last changed. */
  stored(): Promise<{ id: string; changedAt: number }[]>;
}

export function createTransferFiles(dataDir: string): TransferFiles {
  const directory = path.join(dataDir, 'transfers');
  // The file store's constructor makes its directory without waiting and throws from the
  // callback when that fails, an uncaught error (seen when a test's temporary DATA_DIR was
  // removed meanwhile). It is made on the first transfer, after the directory exists.
  let fileStore: FileStore | undefined;
  const store = () => {
    if (!fileStore) {
      fs.mkdirSync(directory, { recursive: true });
      fileStore = new FileStore({ directory });
    }
    return fileStore;
  };
  const storage = createDiskStorage(directory);
  return {
    directory,
    get store() {
      return store();
    },
    storage,
    async create(id, size) {
      await store().create(new Upload({ id, size, offset: 0, metadata: {} }));
    },
    async offset(id) {
      try {
        return (await store().getUpload(id)).offset;
      } catch {
        return null;
      }
    },
    async remove(id) {
      await storage.delete(id);
      await storage.delete(`${id}.json`);
    },
    async stored() {
      let names: string[];
      try {
        names = await fs.promises.readdir(directory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const changed = new Map<string, number>();
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
        const stat = await fs.promises.stat(path.join(directory, name)).catch(() => null);
        if (!stat?.isFile()) continue;
        changed.set(id, Math.max(changed.get(id) ?? 0, stat.mtimeMs));
      }
      return [...changed].map(([id, changedAt]) => ({ id, changedAt }));
    },
  };
}
