import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { byteCounter } from './disk-storage.js';
import {
  assertValidKey,
  StorageNotFound,
  type ByteRange,
  type Storage,
  type StoredFile,
} from './storage.js';

/** 8 MiB parts, 4 in flight: at most ~32 MiB buffered per upload, whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
  });
}

/**
 * An S3-compatible bucket (AWS, MinIO, Garage, …). Uploads go through lib-storage's
 * multipart Upload, which reads the stream part by part, so memory stays bounded.
 */
export function createS3Storage(config: S3Config, client = createS3Client(config)): Storage {
  const Bucket = config.bucket;

  return {
    kind: 's3',

    async put(key, body, options = {}) {
      assertValidKey(key);
      const counter = byteCounter();
      body.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: body.pipe(counter),
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size: counter.bytes };
    },

    async putFile(key, file, options) {
      await this.put(key, createReadStream(file), options);
      await rm(file, { force: true });
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      assertValidKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFound(key);
        throw error;
      }
    },

    async stat(key): Promise<StoredFile | null> {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deleteByPrefix(prefix) {
      assertValidKey(prefix, { prefix: true });
      let removed = 0;
      let token: string | undefined;
      // Listed a page (≤ 1000 keys) at a time, each page deleted in one call.
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          removed += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}
