import { iri, type BlockEntry } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { anyBlockBetween, blockDirections, deleteBlock, insertBlock, listBlocks } from './store.js';
import { dropConnectionsBetween } from '../connections/service.js';
import { dropFavouritesBetween } from '../favourites/service.js';
import { dropFollowsBetween } from '../follows/service.js';
import { isDuplicate } from '../../db/errors.js';
import { findPerson, loadPeople, summaryOf } from '../users/people.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Blocking (docs/RULES.md, Blocking): the block, and in the same transaction the removal of every
 * connection row between the two (with contact rows), following both ways and the
 * favourites each kept of the other and of the other's collections. From then on the
 * audience rules and every list hide each from the other, and no new request passes.
 */
export function createBlockService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  return {
    async block(viewer: number, blocked: number): Promise<BlockEntry> {
      if (blocked === viewer) throw violation('blocked', 'blocks.self');
      const person = await findPerson(db, blocked);
      if (!person) throw new ApiError(404, 'social.userNotFound');
      const now = new Date();
      try {
        await db.transaction().execute(async (trx) => {
          await insertBlock(trx, dialect, viewer, blocked, now);
          // Everything that binds the two goes in the same transaction, through its owner.
          await dropConnectionsBetween(trx, viewer, blocked);
          await dropFollowsBetween(trx, viewer, blocked);
          await dropFavouritesBetween(trx, viewer, blocked);
        });
      } catch (error) {
        if (isDuplicate(error)) throw violation('blocked', 'blocks.already');
        throw error;
      }
      return {
        '@id': iri('user', blocked),
        user: summaryOf(person),
        created_at: isoTime(now) ?? '',
      };
    },

    async unblock(viewer: number, blocked: number): Promise<void> {
      if (!(await deleteBlock(db, viewer, blocked))) throw new ApiError(404, 'blocks.notBlocked');
    },

    /** The people the viewer blocked, newest first, paged. */
    async list(
      viewer: number,
      page: { limit: number; offset: number },
    ): Promise<{ members: BlockEntry[]; total: number }> {
      const { rows, total } = await listBlocks(db, viewer, page);
      const people = await loadPeople(
        db,
        rows.map((r) => r.blocked_id),
      );
      const members = rows.flatMap((row) => {
        const person = people.get(row.blocked_id);
        return person
          ? [
              {
                '@id': iri('user', person.id),
                user: summaryOf(person),
                created_at: isoTime(row.created_at) ?? '',
              },
            ]
          : [];
      });
      return { members, total };
    },
  };
}

export type BlockService = ReturnType<typeof createBlockService>;

/** Either of a and b has blocked the other (for other modules; `db` may be a transaction). */
export function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  return anyBlockBetween(db, a, b);
}

/** Who has blocked whom between a and b (for other modules). */
export function blocksBetween(db: Db, a: number, b: number) {
  return blockDirections(db, a, b);
}
