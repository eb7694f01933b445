import { randomBytes } from 'node:crypto';
import { ACCOUNT, type DataExportAnswer } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readBool, readCount, readTime } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import { createStorage, type Storage } from '../../storage/index.js';
import { dispatchAfterCommit } from '../../events/index.js';
import { recordDataExportReady } from '../notifications/index.js';
import { findAccount } from '../users/service.js';
import type { AccountBasics } from './common.js';
import { createZipStream } from './export-zip.js';
import {
  exportedCollections,
  exportedComments,
  exportedFiles,
  exportedMemoCollections,
  exportedMemos,
  exportedTags,
  exportedTodos,
} from './export-store.js';
import {
  findExport,
  insertExport,
  latestExport,
  markExportFailed,
  markExportReady,
  removeExport,
} from './store.js';

export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRY_JOB = 'account.export-expire';

type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

function present(row: ExportRow): DataExportAnswer {
  return {
    id: row.id,
    status: row.status,
    created_at: isoTime(row.created_at) ?? '',
    ready_at: isoTime(row.ready_at),
    expires_at: isoTime(row.expires_at),
    size: row.size === null ? null : readCount(row.size),
  };
}

const expired = (row: ExportRow, now = Date.now()) => {
  const expires = readTime(row.expires_at);
  return expires !== null && expires.getTime() <= now;
};

/** A file name that is safe inside the zip on every system. */
const safeName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120) || 'file';

/**
 * The data export (docs/RULES.md, The account): a zip of the person's memos, collections,
 * comments and files as JSON and originals, made by a durable job, downloadable by its owner
 * only for ACCOUNT.exportTtlDays, then removed by another job.
 */
export function createDataExportService(ctx: AppContext, basics: AccountBasics) {
  const { db, dialect } = ctx.database;
  let storage: Storage | undefined;
  const files = () => (storage ??= createStorage(ctx.config));

  async function ownExport(auth: AuthContext, id: number): Promise<ExportRow> {
    const row = await findExport(db, id);
    // someone else's export is answered as missing: its existence is not theirs to know
    if (!row || row.user_id !== basics.ownerOnly(auth) || expired(row)) {
      throw new ApiError(404, 'account.exportNotFound');
    }
    return row;
  }

  async function writeZip(userId: number, key: string): Promise<number> {
    const [account, memos, links, tags, todos, collections, comments, attachments] =
      await Promise.all([
        findAccount(db, userId),
        exportedMemos(db, userId),
        exportedMemoCollections(db, userId),
        exportedTags(db, userId),
        exportedTodos(db, userId),
        exportedCollections(db, userId),
        exportedComments(db, userId),
        exportedFiles(db, userId),
      ]);
    const path = (file: { id: number; file_name: string }) =>
      `files/${file.id}-${safeName(file.file_name)}`;
    const zip = createZipStream();
    const stored = files().put(key, zip.stream, { contentType: 'application/zip' });
    try {
      await zip.addJson('account.json', {
        usermail: account?.usermail,
        created_at: isoTime(account?.created_at),
        exported_at: new Date().toISOString(),
      });
      await zip.addJson(
        'memos.json',
        memos.map((memo) => ({
          ...memo,
          is_todo: readBool(memo.is_todo),
          date_event: isoTime(memo.date_event),
          date_todo_due: isoTime(memo.date_todo_due),
          memo_scheduled: isoTime(memo.memo_scheduled),
          published_at: isoTime(memo.published_at),
          created_at: isoTime(memo.created_at),
          updated_at: isoTime(memo.updated_at),
          collections: links.filter((l) => l.memo_id === memo.id).map((l) => l.collection_id),
          tags: tags.filter((t) => t.memo_id === memo.id).map((t) => t.tag),
          todos: todos
            .filter((t) => t.memo_id === memo.id)
            .map((t) => ({ description: t.description, closed: readBool(t.closed) })),
          files: attachments.filter((a) => a.memo_id === memo.id).map(path),
        })),
      );
      await zip.addJson(
        'collections.json',
        collections.map((c) => ({
          ...c,
          is_collaboration: readBool(c.is_collaboration),
          created_at: isoTime(c.created_at),
          updated_at: isoTime(c.updated_at),
        })),
      );
      await zip.addJson(
        'comments.json',
        comments.map((c) => ({
          ...c,
          created_at: isoTime(c.created_at),
          updated_at: isoTime(c.updated_at),
        })),
      );
      await zip.addJson(
        'files.json',
        attachments.map(({ storage_key: _key, ...file }) => ({
          ...file,
          size: readCount(file.size),
          created_at: isoTime(file.created_at),
          path: path(file),
        })),
      );
      for (const file of attachments) {
        if (file.storage_key) await zip.addFile(path(file), await files().get(file.storage_key));
      }
      zip.end();
    } catch (error) {
      zip.fail(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    return (await stored).size;
  }

  return {
    /** Asks for a new export; one already being made is answered instead of a second one. */
    async request(auth: AuthContext): Promise<DataExportAnswer> {
      const userId = basics.ownerOnly(auth);
      const latest = await latestExport(db, userId);
      if (latest?.status === 'queued') return present(latest);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertExport(trx, dialect, userId);
        await ctx.jobs.enqueue(EXPORT_JOB, { exportId: created }, { maxAttempts: 3, db: trx });
        return created;
      });
      return present((await findExport(db, id)) as ExportRow);
    },

    /** The latest export, unless it expired. */
    async latest(auth: AuthContext): Promise<DataExportAnswer | null> {
      const row = await latestExport(db, basics.ownerOnly(auth));
      return row && !expired(row) ? present(row) : null;
    },

    /** The zip of a ready export of the caller's. */
    async download(auth: AuthContext, id: number) {
      const row = await ownExport(auth, id);
      if (row.status !== 'ready' || !row.storage_key) {
        throw new ApiError(404, 'account.exportNotFound');
      }
      const date = (readTime(row.ready_at) ?? new Date()).toISOString().slice(0, 10);
      return {
        body: await files().get(row.storage_key),
        size: readCount(row.size),
        fileName: `memoria-export-${date}.zip`,
      };
    },

    /** The job making the zip; safe to run again (a new key each attempt, the last one kept). */
    async make(exportId: number, attempt: { last: boolean }): Promise<void> {
      const row = await findExport(db, exportId);
      if (!row || row.status !== 'queued') return;
      const key = `${row.user_id}/exports/${row.id}-${randomBytes(8).toString('hex')}.zip`;
      let size: number;
      try {
        size = await writeZip(row.user_id, key);
      } catch (error) {
        await files()
          .delete(key)
          .catch(() => undefined);
        if (attempt.last) await markExportFailed(db, row.id);
        throw error;
      }
      const expiresAt = new Date(Date.now() + ACCOUNT.exportTtlDays * 86_400_000);
      await db.transaction().execute(async (trx) => {
        await markExportReady(trx, dialect, row.id, { storageKey: key, size, expiresAt });
        await ctx.jobs.enqueue(
          EXPORT_EXPIRY_JOB,
          { exportId: row.id },
          { runAt: expiresAt, uniqueKey: `account-export-expire:${row.id}`, db: trx },
        );
        // told in the app too, live on the socket once this commits (docs/RULES.md, The account)
        await dispatchAfterCommit(trx, await recordDataExportReady(trx, row.user_id), ctx);
      });
      await basics.mail(row.user_id, 'exportReady', {
        link: `${ctx.config.publicUrl}/account-settings#data-export`,
        days: ACCOUNT.exportTtlDays,
      });
    },

    /** The job removing an export at its expiry (file, then row). */
    async expire(exportId: number): Promise<void> {
      const row = await findExport(db, exportId);
      if (!row) return;
      if (row.storage_key) await files().delete(row.storage_key);
      await removeExport(db, row.id);
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
