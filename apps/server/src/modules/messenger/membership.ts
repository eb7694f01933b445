import type { Kysely } from 'kysely';
import { MESSENGER } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readBool, type DialectHelpers } from '../../db/dialect.js';
import type { AppContext } from '../../context.js';
import { recordActivity } from '../../events/activity.js';
import { intIdFromIri } from '../../http/iri.js';
import { directKeyOf, requireAdmin, requireMember, threadNotFound } from './access.js';
import type { MessengerLive } from './live.js';
import {
  findDirectThread,
  findThread,
  markRead,
  memberOf,
  membersOf,
  removeMembers,
  setMemberFlags,
} from './store.js';
import { countThreads, pageOfThreads, unreadTotals } from './thread-list-store.js';
import { createMediaService } from '../media/index.js';
import { listedThreadViews } from './view.js';

/**
 * The last admin of a group gone (left, removed, revoked): the member who joined longest
 * ago becomes admin (docs/notes/messenger.md, Admins).
 */
export async function handAdmin(db: Kysely<DatabaseSchema>, d: DialectHelpers, threadId: number) {
  const members = await membersOf(db, [threadId]);
  if (members.length === 0 || members.some((m) => readBool(m.is_admin))) return;
  const thread = await findThread(db, threadId);
  if (thread?.thread_type !== 'group') return;
  await setMemberFlags(db, d, threadId, members[0]!.user_id, { admin: true });
}

/** Lists, read state, muting, leaving and removing members. */
export function createMembershipService(ctx: AppContext, live: MessengerLive) {
  const { db, dialect } = ctx.database;
  const pictureUrl = createMediaService(ctx).threadPictureUrl;

  async function leave(threadId: number, userIds: number[], actorId: number | null) {
    const events = await db.transaction().execute(async (trx) => {
      await removeMembers(trx, threadId, userIds);
      await handAdmin(trx, dialect, threadId);
      if (actorId === null) return [];
      return Promise.all(
        userIds.map((recipient) =>
          recordActivity(trx, {
            type: 'removed_from_thread',
            actorUserId: actorId,
            recipientUserId: recipient,
            threadId,
          }),
        ),
      );
    });
    ctx.activity.dispatch(events);
    await live.removed(threadId, userIds);
    await live.thread('thread_updated', threadId, await live.memberIds(threadId));
  }

  return {
    /**
     * The thread list's statements and the membership every thread request checks, on `on`
     * (db/warm.ts), for a person in no thread.
     */
    async warm(on: Kysely<DatabaseSchema>) {
      await countThreads(on, dialect, 0, null);
      await pageOfThreads(on, dialect, 0, null, { limit: MESSENGER.threadsPerPage, offset: 0 });
      await findThread(on, 0);
      await memberOf(on, 0, 0);
      await membersOf(on, [0]);
    },

    async list(viewerId: number, search: string | null, page: { limit: number; offset: number }) {
      const [total, rows] = await Promise.all([
        countThreads(db, dialect, viewerId, search),
        pageOfThreads(db, dialect, viewerId, search, page),
      ]);
      const view = await listedThreadViews(
        db,
        rows.map((r) => r.id),
        rows,
        pictureUrl,
      );
      return { members: view(viewerId), total };
    },

    /** The direct thread between the caller and one other person, or -1. */
    async byUsers(viewerId: number, refs: unknown[]) {
      const ids = [...new Set(refs.map((ref) => intIdFromIri(ref, 'user')))];
      if (ids.length !== 1 || ids[0] === undefined || ids[0] === viewerId) return { id: -1 };
      const found = await findDirectThread(db, directKeyOf(viewerId, ids[0]));
      if (!found || !(await memberOf(db, found.id, viewerId))) return { id: -1 };
      return { id: found.id };
    },

    async exit(viewerId: number, threadId: number) {
      await requireMember(db, threadId, viewerId);
      await leave(threadId, [viewerId], null);
    },

    async remove(adminId: number, threadId: number, userRef: string) {
      const { thread, member } = await requireMember(db, threadId, adminId);
      requireAdmin(thread.thread_type, member);
      const userId = intIdFromIri(userRef, 'user');
      if (userId === undefined || !(await memberOf(db, threadId, userId))) throw threadNotFound();
      await leave(threadId, [userId], adminId);
    },

    async mute(viewerId: number, threadId: number, muted: boolean) {
      await requireMember(db, threadId, viewerId);
      await setMemberFlags(db, dialect, threadId, viewerId, { muted });
      return { thread_id: threadId, muted };
    },

    async read(viewerId: number, threadId: number) {
      const { thread } = await requireMember(db, threadId, viewerId);
      const at = new Date();
      await markRead(db, dialect, threadId, viewerId, thread.last_seq, at);
      const member = await memberOf(db, threadId, viewerId);
      const answer = {
        thread_id: threadId,
        last_read_seq: member?.last_read_seq ?? thread.last_seq,
        last_read_at: isoTime(member?.last_read_at ?? null),
      };
      await live.read(
        threadId,
        viewerId,
        answer.last_read_seq,
        answer.last_read_at,
        await live.memberIds(threadId),
      );
      return answer;
    },

    unread(viewerId: number) {
      return unreadTotals(db, dialect, viewerId);
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
