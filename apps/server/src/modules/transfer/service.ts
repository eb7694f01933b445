import crypto from 'node:crypto';
import {
  DEFAULT_LOCALE,
  formatMessage,
  TRANSFER,
  TRANSFER_STATES,
  transferCipherSize,
  type Locale,
  type TransferState,
  type TransferCreate,
  type TransferCreated,
  type TransferGrant,
  type TransferMail,
  type TransferMailed,
  type TransferPublicInfo,
  type TransferSummary,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { lockForLimit } from '../../db/locks.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readCount, readTime } from '../../db/dialect.js';
import {
  ApiError,
  unauthorized,
  ValidationFailed,
  violation,
  type MessageParams,
} from '../../http/errors.js';
import type { CollectionPlan, TransferFiling } from './collection.js';
import type { TransferFiles } from './files.js';
import { createLinkMailer } from './mail.js';
import {
  countDownload,
  deleteFileRows,
  deleteTransferRow,
  filesOf,
  findFinished,
  findTransfer,
  insertTransfer,
  knownFileIds,
  listAll,
  listOwned,
  markFiled,
  markFilingFailed,
  markReady,
  queueFiling,
  sentSince,
  type TransferRow,
} from './store.js';

export const EXPIRE_JOB = 'transfer.expire';
export const FILE_JOB = 'transfer.file';
/** the hourly safety net: finished transfers and stored files without a transfer */
export const SWEEP_JOB = 'transfer.sweep';
export const SWEEP_EVERY_MS = 60 * 60_000;
/**
 * A file without a row is left alone this long: a new transfer's empty uploads are made
 * just before its rows are written.
 */
const ORPHAN_AGE_MS = 60 * 60_000;
/** a filing that fails for another reason than a refusal is tried this often */
const FILE_ATTEMPTS = 3;
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
  const linkMailer = createLinkMailer(ctx);

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

  /**
   * Checked once before any work, and again in the transaction that adds the transfer with
   * the sender's count locked: transfers created at once cannot pass the allowance together.
   */
  async function checkDailyLimit(
    sender: Sender,
    adding: number,
    now: Date,
    trx?: Kysely<DatabaseSchema>,
  ): Promise<void> {
    const limits = sender.ownerId ? TRANSFER.accountDaily : TRANSFER.visitorDaily;
    const since = new Date(now.getTime() - DAY_MS);
    const who = sender.ownerId ? { ownerId: sender.ownerId } : { senderKey: senderKey(sender.ip) };
    if (trx) await lockForLimit(trx, database.dialect, `transfer-daily:${JSON.stringify(who)}`);
    const sent = await sentSince(trx ? { ...database, db: trx } : database, who, since);
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

  /**
   * Queues the filing of a complete collection transfer (the durable job FILE_JOB), with
   * the status in one transaction; a transfer already queued or filed answers as it is.
   */
  async function queueIntoCollection(row: TransferRow): Promise<TransferPublicInfo> {
    if (row.status === 'uploading' || row.status === 'failed') {
      const queued = await database.db.transaction().execute(async (trx) => {
        if (!(await queueFiling(trx, database.dialect, row.id))) return false;
        await ctx.jobs.enqueue(
          FILE_JOB,
          { id: row.id },
          { uniqueKey: `transfer-file:${row.id}`, maxAttempts: FILE_ATTEMPTS, db: trx },
        );
        return true;
      });
      if (!queued) throw new ApiError(409, 'transfer.notUploaded');
    }
    const current = (await findTransfer(database, row.id)) ?? row;
    return {
      id: row.id,
      expires_at: isoTime(row.expires_at) ?? '',
      downloads_left: 0,
      file_count: row.file_count,
      total_size: readCount(row.total_size),
      needs_password: false,
      filing: current.status === 'filed' ? 'filed' : 'filing',
      ...(current.memo_id !== null ? { memo: `/api/memo/${current.memo_id}` } : {}),
    };
  }

  /**
   * The filing job: the files become documents of one new memo (collection.ts). Safe to run
   * again: the transfer is marked filed in the memo's own transaction, so a second run finds
   * it filed and stops, and one that races the first undoes its memo. A refusal (a file type,
   * the storage quota, the collection no longer writable) will not change by retrying: it is
   * recorded for the sender at once. Other failures retry; the last one is recorded too.
   */
  async function fileJob(id: string, attempt: { last: boolean }): Promise<void> {
    const row = await findTransfer(database, id);
    if (!row || row.status !== 'filing' || !filing) return;
    try {
      await filing.file(row, await filesOf(database, id), files.storage, async (trx, memoId) => {
        if (!(await markFiled(trx, id, memoId))) throw new Error('the transfer was filed already');
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) {
        await markFilingFailed(database, id, refusal);
        ctx.log.warn({ transferId: id, key: refusal.key }, 'a collection transfer was refused');
        return;
      }
      if (attempt.last) await markFilingFailed(database, id, { key: 'transfer.filingFailed' });
      throw error;
    }
    // Filed: the documents are copies, the transfer's own files can go. The row stays
    // until its expiry so that the sender's list shows the memo.
    for (const file of await filesOf(database, id)) await files.remove(file.id);
    await deleteFileRows(database, id);
  }

  return {
    maxFileSize,
    storage: files.storage,
    fileJob,

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
      // The empty uploads first: a failure then leaves files without a transfer (removed
      // below, or by the hourly sweep), but never a transfer whose uploads are missing.
      for (const file of fileIds) await files.create(file.id, file.size);
      try {
        await database.db.transaction().execute(async (trx) => {
          await checkDailyLimit(sender, total, now, trx);
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
        return queueIntoCollection(row);
      }
      if (row.status !== 'ready' && !(await markReady(database, id, new Date()))) {
        throw new ApiError(409, 'transfer.notUploaded');
      }
      return this.info(id);
    },

    /**
     * Mails the link to recipients (mail.ts): only the transfer's sender (its account, or
     * the visitor's address that made it), only while the link works.
     */
    async mailLink(
      id: string,
      input: TransferMail,
      sender: Sender,
      locale: Locale,
    ): Promise<TransferMailed> {
      const row = await live(id);
      const key = senderKey(sender.ip);
      const own =
        sender.ownerId !== null
          ? row.owner_id === sender.ownerId
          : row.owner_id === null && row.sender_key === key;
      if (!own) throw invalidLink();
      return linkMailer.send(row, input, { ownerId: sender.ownerId, senderKey: key }, locale);
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

    async listMine(ownerId: number, page: { limit: number; offset: number }, locale?: Locale) {
      const { rows, total } = await listOwned(database, ownerId, page);
      return { members: rows.map((row) => summary(row, locale)), total };
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

    /**
     * The hourly safety net (SWEEP_JOB): removes finished transfers whose own job did not,
     * and stored files no transfer has any more (a creation that failed half-way, a removal
     * interrupted after its commit). Answers how many of each went.
     */
    async sweep(now = new Date()): Promise<{ transfers: number; files: number }> {
      let transfers = 0;
      for (const id of await findFinished(database, now, 1000)) {
        await remove(id);
        transfers += 1;
      }
      const old = (await files.stored()).filter(
        (file) => file.changedAt <= now.getTime() - ORPHAN_AGE_MS,
      );
      const known = await knownFileIds(
        database,
        old.map((file) => file.id),
      );
      let removedFiles = 0;
      for (const file of old) {
        if (known.has(file.id)) continue;
        await files.remove(file.id);
        removedFiles += 1;
      }
      return { transfers, files: removedFiles };
    },

    async listAll(limit: number): Promise<TransferSummary[]> {
      return (await listAll(database, limit)).map((row) => summary(row));
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

/** The message of an answer the services gave on purpose (a 4xx), else null. */
function refusalOf(error: unknown): { key: string; params?: MessageParams } | null {
  if (error instanceof ApiError) return { key: error.key, params: error.options.params };
  const first = error instanceof ValidationFailed ? error.violations[0] : undefined;
  return first ? { key: first.key, params: first.params } : null;
}

function summary(row: TransferRow, locale: Locale = DEFAULT_LOCALE): TransferSummary {
  const failure = row.filing_error
    ? (JSON.parse(row.filing_error) as { key: string; params?: Record<string, string | number> })
    : null;
  return {
    id: row.id,
    status: (TRANSFER_STATES as readonly string[]).includes(row.status)
      ? (row.status as TransferState)
      : 'uploading',
    collection: row.collection_id,
    memo: row.memo_id !== null ? `/api/memo/${row.memo_id}` : null,
    filing_error: failure ? formatMessage(failure.key, locale, failure.params) : null,
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
