import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StoredFile } from './storage.js';
export { StorageNotFound, userPrefix } from './storage.js';
export { createDiskStorage } from './disk-storage.js';
export { createS3Storage } from './s3-storage.js';

/** The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(mediaRoot(config.dataDir));
}

export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');
