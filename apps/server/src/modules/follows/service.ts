import type { Kysely } from 'kysely';
import { iri, type FollowAnswer, type FollowEntry } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readBool } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import { recordActivity } from '../../events/index.js';
import { blocksBetween } from '../blocks/service.js';
import {
  deleteFollow,
  findFollow,
  listFollows,
  deleteFollowsBetween,
  insertFollow,
} from './store.js';
import { isDuplicate } from '../../db/errors.js';
import { contactCardOf, findPerson, isAvailable, loadPeople } from '../users/people.js';

const userNotFound = () => new ApiError(404, 'social.userNotFound');

/** Following (docs/API.md, Calls): follow, unfollow, decline a follower, both lists. */
export function createFollowService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  return {
    /** POST /api/follow: new_follower is recorded for the person followed. */
    async follow(viewer: number, following: number): Promise<FollowAnswer> {
      if (following === viewer) throw violation('following', 'follows.self');
      const person = await findPerson(db, following);
      if (!person || !isAvailable(person)) throw userNotFound();
      const [blocks, existing] = await Promise.all([
        blocksBetween(db, viewer, following),
        findFollow(db, viewer, following),
      ]);
      if (blocks.byB) throw userNotFound();
      if (blocks.byA) throw violation('following', 'blocks.blockedByYou');
      if (existing) throw violation('following', 'follows.already');
      const now = new Date();
      try {
        const eventId = await db.transaction().execute(async (trx) => {
          await insertFollow(trx, dialect, viewer, following, now);
          return recordActivity(trx, {
            type: 'new_follower',
            actorUserId: viewer,
            recipientUserId: following,
            at: now,
          });
        });
        ctx.activity.dispatch([eventId]);
      } catch (error) {
        if (isDuplicate(error)) throw violation('following', 'follows.already');
        throw error;
      }
      return {
        follower: iri('user', viewer),
        following: iri('user', following),
        following_status: 'active',
        created_at: isoTime(now) ?? '',
      };
    },

    /** POST /api/follower_unfollow. */
    async unfollow(viewer: number, following: number): Promise<void> {
      if ((await deleteFollow(db, viewer, following)) === 0) {
        throw new ApiError(404, 'follows.notFollowing');
      }
    },

    /** POST /api/follower_decline: the follower stops following; decline_follower tells them. */
    async decline(viewer: number, follower: number): Promise<void> {
      if (!(await findFollow(db, follower, viewer))) throw new ApiError(404, 'follows.notFollower');
      const eventId = await db.transaction().execute(async (trx) => {
        await deleteFollow(trx, follower, viewer);
        return recordActivity(trx, {
          type: 'decline_follower',
          actorUserId: viewer,
          recipientUserId: follower,
        });
      });
      ctx.activity.dispatch([eventId]);
    },

    async list(
      viewer: number,
      direction: 'followers' | 'followings',
      page: { limit: number; offset: number; search?: string },
    ): Promise<{ members: FollowEntry[]; total: number }> {
      const { rows, total } = await listFollows(db, viewer, direction, page);
      const people = await loadPeople(
        db,
        rows.map((r) => r.user_id),
      );
      const members = rows.flatMap((row) => {
        const person = people.get(row.user_id);
        if (!person) return [];
        const reverse = readBool(row.reverse);
        return [
          {
            '@id': iri('user', person.id),
            user: contactCardOf(person, readBool(row.is_contact)),
            following_status: direction === 'followings' || reverse ? ('active' as const) : null,
            follows_you: direction === 'followers' || reverse,
            created_at: isoTime(row.created_at) ?? '',
          },
        ];
      });
      return { members, total };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;

/** Follows either way between a and b removed, for a block: call it inside the block's transaction. */
export function dropFollowsBetween(
  db: Kysely<DatabaseSchema>,
  a: number,
  b: number,
): Promise<void> {
  return deleteFollowsBetween(db, a, b);
}
