import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { createTransferFiles } from './files.js';
import { transfersIntoCollection } from './store.js';

/**
 * A deleted collection takes the transfers sent into it along (docs/notes/file-transfer.md,
 * Sending into a collection): their rows go by the key's cascade, which cannot remove their
 * files in DATA_DIR/transfers nor their queued jobs. The collections module calls this.
 */
export function createCollectionTransferCleanup(ctx: AppContext) {
  const files = createTransferFiles(ctx.config.dataDir);
  return {
    /**
     * In the deleting transaction, before the collection goes: cancels the transfers' jobs
     * (with the deletion, or not at all) and answers their stored files.
     */
    async take(trx: Kysely<DatabaseSchema>, collectionId: string): Promise<string[]> {
      const rows = await transfersIntoCollection(trx, collectionId);
      for (const id of new Set(rows.map((row) => row.transfer))) {
        await ctx.jobs.cancel(`transfer-expire:${id}`, { db: trx });
        await ctx.jobs.cancel(`transfer-file:${id}`, { db: trx });
      }
      return rows.flatMap((row) => (row.file ? [row.file] : []));
    },

    /** After the commit (a removed file cannot be rolled back); a failure is only logged. */
    async removeFiles(fileIds: string[]): Promise<void> {
      for (const id of fileIds) {
        await files
          .remove(id)
          .catch((error: unknown) =>
            ctx.log.error({ err: error, fileId: id }, 'could not remove a transfer file'),
          );
      }
    },
  };
}
