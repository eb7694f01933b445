import type { Kysely } from 'kysely';
import { memoWriteSchema } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { createMediaService, type MediaService } from '../media/index.js';
import type { MemoService } from '../memos/service.js';
import type { Storage } from '../../storage/index.js';
import {
  collectionRights,
  markTransferCollection,
  memoExists,
  type TransferFileRow,
  type TransferRow,
} from './store.js';

/** What a collection transfer keeps in its manifest column: plain, since it is not sealed. */
export interface CollectionPlan {
  title: string | null;
  message: string | null;
  names: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain message as the memo's description: paragraphs and line breaks, nothing else. */
function describe(message: string | null): string | null {
  const text = message?.trim();
  if (!text) return null;
  return text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * Sending a transfer into a collection (docs/notes/file-transfer.md, Sending into a
 * collection). The files arrive through tus like any transfer, but in plain; once complete
 * each one goes through the media service as a document upload (type check, quota,
 * storage) and the memo service makes one memo with them in the collection (its rules,
 * its publication and notifications). Nothing here writes documents or memos itself.
 */
export function createTransferFiling(
  ctx: AppContext,
  memos: () => MemoService,
  media: MediaService = createMediaService(ctx),
) {
  const maxBytes = ctx.config.uploadLimitMb * 1024 * 1024;

  return {
    maxBytes,

    /**
     * The sender may add memos to the collection: 404 when it does not exist or they may
     * not see it (so its existence is not revealed), 403 when they see it but may not write.
     */
    async assertWritable(userId: number, collectionId: string): Promise<void> {
      const rights = await collectionRights(ctx.database, userId, collectionId);
      if (!rights.visible) throw new ApiError(404, 'collection.notFound');
      if (!rights.writable) throw new ApiError(403, 'memo.collectionNotWritable');
    },

    /**
     * Makes the memo: every stored file becomes a document of it, in order. Answers the
     * memo's id. `record` runs in the memo's transaction (the job marks the transfer filed
     * there). A failure (a refused file type, the storage quota, `record` refusing) removes
     * the documents already made and leaves the transfer's files for another try.
     */
    async file(
      row: TransferRow,
      stored: TransferFileRow[],
      storage: Storage,
      record: (trx: Kysely<DatabaseSchema>, memoId: number) => Promise<void>,
    ): Promise<number> {
      const ownerId = row.owner_id as number;
      const collectionId = row.collection_id as string;
      const plan = JSON.parse(row.manifest) as CollectionPlan;
      await this.assertWritable(ownerId, collectionId);
      const made: number[] = [];
      let created: number | undefined;
      try {
        for (const file of stored) {
          const attachment = await media.upload(
            ownerId,
            {
              fileName: plan.names[file.position] ?? `file-${file.position + 1}`,
              stream: await storage.get(file.id),
            },
            { kind: 'document', owner: 'memo', memoId: null, maxBytes },
          );
          made.push(attachment.id);
        }
        const title = (plan.title?.trim() || plan.names[0] || 'Transfer').slice(0, 250);
        const memo = await memos().create(
          ownerId,
          memoWriteSchema.parse({
            title,
            description: describe(plan.message),
            memos_per_collection: [collectionId],
            memo_documents: made,
          }),
          {
            inTransaction: async (trx, memoId) => {
              await record(trx, memoId);
              created = memoId;
            },
          },
        );
        // the memo is made: a failure to remember the destination must not undo it
        await rememberDestination(ownerId, collectionId).catch((error: unknown) =>
          ctx.log.error({ err: error, collectionId }, 'could not mark the transfer collection'),
        );
        return memo.id;
      } catch (error) {
        // Failed after the memo committed (reading it back): it stands with its documents.
        if (created !== undefined && (await memoExists(ctx.database, created))) {
          ctx.log.error({ err: error, memoId: created }, 'a transfer memo was made, then failed');
          return created;
        }
        for (const id of made) {
          await media
            .deleteMemoAttachment(ownerId, 'document', id)
            .catch((cleanup: unknown) =>
              ctx.log.error(
                { err: cleanup, attachmentId: id },
                'could not remove a transfer document',
              ),
            );
        }
        throw error;
      }
    },
  };

  /**
   * `transfer_collection`: the sender's own collection their last collection transfer went
   * to, which the send page offers first next time. Collections of others are not marked.
   */
  async function rememberDestination(ownerId: number, collectionId: string): Promise<void> {
    const rights = await collectionRights(ctx.database, ownerId, collectionId);
    if (rights.owned) await markTransferCollection(ctx.database, ownerId, collectionId);
  }
}

export type TransferFiling = ReturnType<typeof createTransferFiling>;
