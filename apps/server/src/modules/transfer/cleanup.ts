import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { createTransferFiles } from './files.js';
import { transfersGoingWithAccount, transfersIntoCollection } from './store.js';

type Trx = Kysely<DatabaseSchema>;

/**
 * Transfers that go with a deleted collection or account (docs/notes/file-transfer.md,
 * What removes a transfer): their rows go by the keys' cascades, which cannot remove their
 * files in DATA_DIR/transfers nor their queued jobs. The collections and users modules call
 * this; the hourly sweep of files without a row catches whatever a failure left behind.
 */
export function createTransferCleanup(ctx: Pick<AppContext, 'config' | 'jobs' | 'log'>) {
  const files = createTransferFiles(ctx.config.dataDir);

  /** Cancels the transfers' jobs in the deleting transaction and answers their files. */
  async function take(trx: Trx, rows: { transfer: string; file: string | null }[]) {
    for (const id of new Set(rows.map((row) => row.transfer))) {
      await ctx.jobs.cancel(`transfer-expire:${id}`, { db: trx });
      await ctx.jobs.cancel(`transfer-file:${id}`, { db: trx });
    }
    return rows.flatMap((row) => (row.file ? [row.file] : []));
  }

  return {
    /** In the transaction deleting the collection, before it goes. */
    takeCollection: async (trx: Trx, collectionId: string) =>
      take(trx, await transfersIntoCollection(trx, collectionId)),

    /** In the transaction deleting the account: what it sent and what went into its collections. */
    takeAccount: async (trx: Trx, userId: number) =>
      take(trx, await transfersGoingWithAccount(trx, userId)),

    /**
     * After the commit (a removed file cannot be rolled back); a failure is only logged and
     * left to the sweep. Answers how many files went.
     */
    async removeFiles(fileIds: string[]): Promise<number> {
      let removed = 0;
      for (const id of fileIds) {
        try {
          await files.remove(id);
          removed += 1;
        } catch (error) {
          ctx.log.error({ err: error, fileId: id }, 'could not remove a transfer file');
        }
      }
      return removed;
    },
  };
}

export type TransferCleanup = ReturnType<typeof createTransferCleanup>;
