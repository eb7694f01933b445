import crypto from 'node:crypto';
import {
  TRANSFER,
  transferCipherSize,
  type TransferCreate,
  type TransferCreated,
  type TransferGrant,
  type TransferPublicInfo,
  type TransferSummary,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readCount, readTime } from '../../db/dialect.js';
import { ApiError, unauthorized, violation } from '../../http/errors.js';
import type { CollectionPlan, TransferFiling } from './collection.js';
import type { TransferFiles } from './files.js';
import {
  claimForFiling,
  countDownload,
  deleteTransferRow,
  filesOf,
  findFinished,
  findTransfer,
  insertTransfer,
  listAll,
  listOwned,
  markReady,
  releaseFiling,
  sentSince,
  type TransferRow,
} from './store.js';

export const EXPIRE_JOB = 'transfer.expire';
export const UPLOAD_PATH = '/api/transfer-uploads';
const DAY_MS = 86_400_000;
const GIGABYTE = 1024 ** 3;

const invalidLink = () => new ApiError(404, 'transfer.invalidLink');
const randomId = () => crypto.randomBytes(16).toString('hex');

/** Who sends: a signed-in account, or a visitor known only by a keyed hash of the address. */
export interface Sender {
  ownerId: number | null;
  ip: string;
}

/**
 * File transfers (docs/notes/file-transfer.md): creating one with its tus uploads, the
 * public link (password, download limit, expiry), the owner's list, and the sweep of
 * finished ones. Everything the server holds is ciphertext; sizes are encrypted sizes.
 */
export function createTransferService(
  ctx: AppContext,
  files: TransferFiles,
  filing?: TransferFiling,
) {
  const { database } = ctx;
  const key = ctx.secrets.mediaUrlKey;
  const sign = (text: string) => crypto.createHmac('sha256', key).update(text).digest('base64url');
  const senderKey = (ip: string) => sign(`transfer-sender:${ip}`).slice(0, 64);
  const maxFileSize = transferCipherSize(ctx.config.uploadLimitMb * 1024 * 1024);

  /** The transfer behind a link that still works, or the invalid-link answer. */
  async function live(id: string, now = new Date()): Promise<TransferRow> {
    const row = await findTransfer(database, id);
    if (
      !row ||
      row.status !== 'ready' ||
      (readTime(row.expires_at)?.getTime() ?? 0) <= now.getTime() ||
      row.downloads >= row.max_downloads
    ) {
      throw invalidLink();
    }
    return row;
  }

  async function checkPassword(row: TransferRow, password: string | undefined): Promise<void> {
    if (!row.password_hash) return;
    if (!password) throw new ApiError(401, 'transfer.passwordRequired');
    if (!(await ctx.passwords.verify(row.password_hash, password))) {
      throw new ApiError(403, 'transfer.wrongPassword');
    }
  }

  async function checkDailyLimit(sender: Sender, adding: number, now: Date): Promise<void> {
    const limits = sender.ownerId ? TRANSFER.accountDaily : TRANSFER.visitorDaily;
    const since = new Date(now.getTime() - DAY_MS);
    const sent = await sentSince(
      database,
      sender.ownerId ? { ownerId: sender.ownerId } : { senderKey: senderKey(sender.ip) },
      since,
    );
    if (sent.transfers + 1 > limits.transfers || sent.bytes + adding > limits.bytes) {
      throw new ApiError(429, 'transfer.dailyLimit', {
        params: { transfers: limits.transfers, gigabytes: Math.round(limits.bytes / GIGABYTE) },
      });
    }
  }

  async function remove(id: string): Promise<void> {
    const stored = await filesOf(database, id);
    for (const file of stored) await files.remove(file.id);
    await deleteTransferRow(database, id);
  }

  function readToken(id: string, token: string | undefined, now = new Date()): boolean {
    const [expiry, signature] = (token ?? '').split('.');
    if (!expiry || !signature || !/^\d+$/.test(expiry)) return false;
    if (Number(expiry) * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(sign(`transfer-read:${id}:${expiry}`));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** Files a complete collection transfer as a memo (collection.ts), then removes it. */
  async function fileIntoCollection(row: TransferRow): Promise<TransferPublicInfo> {
    if (!filing) throw invalidLink();
    // One request files it; a second one while it runs, or before the last byte, waits.
    if (!(await claimForFiling(database, row.id))) {
      throw new ApiError(409, 'transfer.notUploaded');
    }
    let memoId: number;
    try {
      memoId = await filing.file(row, await filesOf(database, row.id), files.storage);
    } catch (error) {
      await releaseFiling(database, row.id);
      throw error;
    }
    await remove(row.id);
    await ctx.jobs.cancel(`transfer-expire:${row.id}`);
    return {
      id: row.id,
      expires_at: isoTime(row.expires_at) ?? '',
      downloads_left: 0,
      file_count: row.file_count,
      total_size: readCount(row.total_size),
      needs_password: false,
      memo: `/api/memo/${memoId}`,
    };
  }

  return {
    maxFileSize,
    storage: files.storage,

    async create(input: TransferCreate, sender: Sender): Promise<TransferCreated> {
      if (!sender.ownerId && !TRANSFER.visitorExpiries.includes(input.expiry)) {
        throw new ApiError(422, 'transfer.expiryTooLong');
      }
      let manifest: string;
      if (input.collection !== undefined) {
        // Into a collection: signed-in only, plain files with their names.
        if (!sender.ownerId) throw unauthorized();
        if (!filing) throw new ApiError(404, 'collection.notFound');
        if (input.files.some((file) => file.name === undefined)) {
          throw violation('files', 'validation.required');
        }
        if (input.files.some((file) => file.size > filing.maxBytes)) {
          throw new ApiError(413, 'transfer.fileTooLarge', {
            params: { limit: ctx.config.uploadLimitMb },
          });
        }
        await filing.assertWritable(sender.ownerId, input.collection);
        manifest = JSON.stringify({
          title: input.title ?? null,
          message: input.message ?? null,
          names: input.files.map((file) => file.name ?? ''),
        } satisfies CollectionPlan);
      } else {
        if (input.manifest === undefined) throw violation('manifest', 'validation.required');
        if (input.files.some((file) => file.size < TRANSFER.tagSize)) {
          throw violation('files', 'validation.invalid');
        }
        if (input.files.some((file) => file.size > maxFileSize)) {
          throw new ApiError(413, 'transfer.fileTooLarge', {
            params: { limit: ctx.config.uploadLimitMb },
          });
        }
        manifest = input.manifest;
      }
      const now = new Date();
      const total = input.files.reduce((sum, file) => sum + file.size, 0);
      await checkDailyLimit(sender, total, now);
      const id = randomId();
      const expiresAt = new Date(now.getTime() + TRANSFER.expirySeconds[input.expiry] * 1000);
      const fileIds = input.files.map((file) => ({ id: randomId(), size: file.size }));
      const passwordHash = input.password ? await ctx.passwords.hash(input.password) : null;
      // The empty uploads first: a failure then leaves files the sweep of the transfer
      // never finds, but never a transfer whose uploads are missing.
      for (const file of fileIds) await files.create(file.id, file.size);
      try {
        await database.db.transaction().execute(async (trx) => {
          await insertTransfer(
            trx,
            {
              id,
              owner_id: sender.ownerId,
              sender_key: senderKey(sender.ip),
              status: 'uploading',
              manifest,
              collection_id: input.collection ?? null,
              password_hash: passwordHash,
              max_downloads: input.max_downloads,
              downloads: 0,
              file_count: fileIds.length,
              total_size: total,
              expires_at: database.dialect.time(expiresAt),
              created_at: database.dialect.time(now),
              completed_at: null,
            },
            fileIds,
          );
          await ctx.jobs.enqueue(
            EXPIRE_JOB,
            { id },
            { runAt: expiresAt, uniqueKey: `transfer-expire:${id}`, db: trx },
          );
        });
      } catch (error) {
        for (const file of fileIds) await files.remove(file.id);
        throw error;
      }
      return {
        id,
        expires_at: isoTime(expiresAt) ?? '',
        uploads: fileIds.map((file, index) => ({
          index,
          upload_url: `${UPLOAD_PATH}/${file.id}`,
        })),
      };
    },

    /**
     * Ends the upload: the link works once every file arrived whole. A collection transfer
     * instead becomes a memo of its collection (only its sender may end it) and is removed.
     */
    async complete(id: string, callerId: number | null = null): Promise<TransferPublicInfo> {
      const row = await findTransfer(database, id);
      if (!row || (readTime(row.expires_at)?.getTime() ?? 0) <= Date.now()) throw invalidLink();
      if (row.collection_id !== null) {
        if (!filing || callerId === null || row.owner_id !== callerId) throw invalidLink();
        return fileIntoCollection(row);
      }
      if (row.status !== 'ready' && !(await markReady(database, id, new Date()))) {
        throw new ApiError(409, 'transfer.notUploaded');
      }
      return this.info(id);
    },

    async info(id: string): Promise<TransferPublicInfo> {
      const row = await live(id);
      return {
        id: row.id,
        expires_at: isoTime(row.expires_at) ?? '',
        downloads_left: row.max_downloads - row.downloads,
        file_count: row.file_count,
        total_size: readCount(row.total_size),
        needs_password: row.password_hash !== null,
      };
    },

    /**
     * Counts a download (after the password) and hands out a token that reads the files
     * for a while, so an interrupted download resumes even after the last one was counted.
     */
    async download(id: string, password: string | undefined): Promise<TransferGrant> {
      const row = await live(id);
      await checkPassword(row, password);
      const now = new Date();
      const downloads = await countDownload(database, id, now);
      if (downloads === null) throw invalidLink();
      const expiry = Math.floor(now.getTime() / 1000) + TRANSFER.downloadGrantSeconds;
      if (downloads >= row.max_downloads) {
        // Used up: removed once the last downloader's token ran out.
        await ctx.jobs.enqueue(
          EXPIRE_JOB,
          { id },
          { runAt: new Date(expiry * 1000), uniqueKey: `transfer-expire:${id}` },
        );
      }
      const stored = await filesOf(database, id);
      return {
        manifest: row.manifest,
        files: stored.map((file) => ({ index: file.position, size: readCount(file.size) })),
        token: `${expiry}.${sign(`transfer-read:${id}:${expiry}`)}`,
        downloads_left: row.max_downloads - downloads,
      };
    },

    /** The stored file a download token may read; 404 for a bad token or index. */
    async fileToRead(id: string, index: number, token: string | undefined) {
      if (!readToken(id, token)) throw invalidLink();
      const stored = await filesOf(database, id);
      const file = stored.find((f) => f.position === index);
      if (!file) throw invalidLink();
      return { key: file.id, size: readCount(file.size), id: `${id}-${index}` };
    },

    async listMine(ownerId: number, page: { limit: number; offset: number }) {
      const { rows, total } = await listOwned(database, ownerId, page);
      return { members: rows.map(summary), total };
    },

    async deleteMine(ownerId: number, id: string): Promise<void> {
      const row = await findTransfer(database, id);
      if (!row || row.owner_id !== ownerId) throw new ApiError(404, 'transfer.invalidLink');
      await remove(id);
      await ctx.jobs.cancel(`transfer-expire:${id}`);
    },

    /** The job: removes the transfer once it expired or was used up (a no-op otherwise). */
    async expire(id: string, now = new Date()): Promise<boolean> {
      const row = await findTransfer(database, id);
      if (!row) return false;
      const expired = (readTime(row.expires_at)?.getTime() ?? 0) <= now.getTime();
      if (!expired && row.downloads < row.max_downloads) return false;
      await remove(id);
      return true;
    },

    /** Removes every finished transfer (the operator's sweep and a safety net for the job). */
    async sweep(now = new Date()): Promise<number> {
      let removed = 0;
      for (const id of await findFinished(database, now, 1000)) {
        await remove(id);
        removed += 1;
      }
      return removed;
    },

    async listAll(limit: number): Promise<TransferSummary[]> {
      return (await listAll(database, limit)).map(summary);
    },

    /** The operator's removal, whatever the state. */
    async deleteAny(id: string): Promise<boolean> {
      if (!(await findTransfer(database, id))) return false;
      await remove(id);
      await ctx.jobs.cancel(`transfer-expire:${id}`);
      return true;
    },
  };
}

function summary(row: TransferRow): TransferSummary {
  return {
    id: row.id,
    status: row.status === 'ready' ? 'ready' : 'uploading',
    created_at: isoTime(row.created_at) ?? '',
    expires_at: isoTime(row.expires_at) ?? '',
    file_count: row.file_count,
    total_size: readCount(row.total_size),
    downloads: row.downloads,
    max_downloads: row.max_downloads,
    has_password: row.password_hash !== null,
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
