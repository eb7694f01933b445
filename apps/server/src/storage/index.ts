import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createDiskStorage } from './disk-storage.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StoredFile } from './storage.js';
export { StorageNotFound, userPrefix } from './storage.js';
export { createDiskStorage } from './disk-storage.js';

/** The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Storage {
  const { s3 } = config;
  if (!s3) return createDiskStorage(mediaRoot(config.dataDir));
  return lazyStorage('s3', () => import('./s3-storage.js').then((m) => m.createS3Storage(s3)));
}

/**
 * A storage whose implementation is loaded on its first use. The AWS SDK takes half a second
 * of CPU to load, which the command line's commands that touch no file never need.
 */
function lazyStorage(kind: Storage['kind'], load: () => Promise<Storage>): Storage {
  let loading: Promise<Storage> | undefined;
  const storage = () => (loading ??= load());
  return {
    kind,
    put: async (key, body, options) => (await storage()).put(key, body, options),
    putFile: async (key, file, options) => (await storage()).putFile(key, file, options),
    get: async (key, range) => (await storage()).get(key, range),
    stat: async (key) => (await storage()).stat(key),
    delete: async (key) => (await storage()).delete(key),
    deleteByPrefix: async (prefix) => (await storage()).deleteByPrefix(prefix),
  };
}

export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');
