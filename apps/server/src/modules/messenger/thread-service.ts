import { formatMessage, type ThreadCreate, type ThreadPatch } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isDuplicate } from '../../db/errors.js';
import { recordActivity } from '../../events/activity.js';
import { ApiError, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import type { AuthContext } from '../../http/request-context.js';
import {
  directKeyOf,
  mayAddToGroup,
  mayTalkDirectly,
  peopleOf,
  requireAdmin,
  requireMember,
} from './access.js';
import type { MessengerLive } from './live.js';
import { handAdmin } from './membership.js';
import {
  directThreadChecks,
  findDirectThread,
  groupWithMembers,
  insertMembers,
  insertThread,
  membersOf,
  removeMembers,
  setMemberFlags,
  updateThread,
  type ThreadFields,
} from './store.js';
import { createMediaService } from '../media/index.js';
import { threadView, threadViews } from './view.js';

type Trx = AppContext['database']['db'];

const exists = (id: number) =>
  new ApiError(409, 'thread.exists', {
    extra: { id, description: formatMessage('thread.exists') },
  });

/** Creating and changing threads (docs/notes/messenger.md, Who may talk to whom; Admins). */
export function createThreadService(ctx: AppContext, live: MessengerLive) {
  const { db, dialect } = ctx.database;
  const media = createMediaService(ctx);

  async function createDirect(callerId: number, otherRef: unknown[]) {
    // the person and what the pair may do are read at once, one statement each: under load
    // every statement waits for a pooled connection (docs/PERFORMANCE.md, People per machine)
    const ids = otherRef.map((ref) => intIdFromIri(ref, 'user'));
    const otherId = ids[0];
    const key =
      otherId !== undefined && otherId !== callerId && ids.every((id) => id === otherId)
        ? directKeyOf(callerId, otherId)
        : undefined;
    const [people, checks] = await Promise.all([
      peopleOf(db, otherRef),
      key === undefined ? undefined : directThreadChecks(db, callerId, otherId!, key),
    ]);
    const others = people.filter((p) => p.id !== callerId);
    if (others.length !== 1 || people.length !== 1 || !checks || key === undefined) {
      throw new ApiError(422, 'thread.directOne');
    }
    const other = others[0]!;
    mayTalkDirectly(checks, other);
    if (checks.threadId !== undefined) {
      if (checks.members < 2) await rejoinDirect(checks.threadId, [callerId, other.id]);
      throw exists(checks.threadId);
    }
    const write = () =>
      db.transaction().execute(async (trx) => {
        const at = new Date();
        const id = await insertThread(trx, dialect, {
          type: 'direct',
          name: null,
          description: null,
          creatorId: callerId,
          directKey: key,
          at,
        });
        await insertMembers(
          trx,
          dialect,
          id,
          [
            { userId: callerId, admin: false, readSeq: 0 },
            { userId: other.id, admin: false, readSeq: 0 },
          ],
          at,
        );
        const event = await recordActivity(trx, {
          type: 'added_to_direct_thread',
          actorUserId: callerId,
          recipientUserId: other.id,
          threadId: id,
        });
        return { id, events: [event], members: [callerId, other.id] };
      });
    try {
      return await write();
    } catch (error) {
      const raced = isDuplicate(error) ? await findDirectThread(db, key) : undefined;
      if (raced) throw exists(raced.id);
      throw error;
    }
  }

  /** A direct thread someone left: they are back in it, and told it exists. */
  async function rejoinDirect(threadId: number, userIds: number[]): Promise<never> {
    const present = new Set((await membersOf(db, [threadId])).map((m) => m.user_id));
    const missing = userIds.filter((id) => !present.has(id));
    if (missing.length > 0) {
      await insertMembers(
        db,
        dialect,
        threadId,
        missing.map((userId) => ({ userId, admin: false, readSeq: 0 })),
        new Date(),
      );
    }
    throw exists(threadId);
  }

  async function createGroup(callerId: number, body: ThreadCreate) {
    const name = body.name?.trim() ?? '';
    if (name === '') throw new ApiError(422, 'thread.groupNameRequired');
    const others = (await peopleOf(db, body.users)).filter((p) => p.id !== callerId);
    if (others.length === 0) throw new ApiError(422, 'thread.notConnected');
    await mayAddToGroup(db, callerId, others);
    const memberIds = [callerId, ...others.map((p) => p.id)];
    if (!body.create_anyway) {
      const same = await groupWithMembers(db, memberIds);
      if (same !== undefined) throw exists(same);
    }
    return db.transaction().execute(async (trx) => {
      const at = new Date();
      const id = await insertThread(trx, dialect, {
        type: 'group',
        name,
        description: body.description?.trim() || null,
        creatorId: callerId,
        directKey: null,
        at,
      });
      if (body.thread_picture != null) {
        const picture = await media.setThreadPicture(trx, id, callerId, body.thread_picture);
        await updateThread(trx, dialect, id, { picture_attachment_id: picture }, at);
      }
      await insertMembers(
        trx,
        dialect,
        id,
        memberIds.map((userId) => ({ userId, admin: userId === callerId, readSeq: 0 })),
        at,
      );
      const events = await notify(
        trx,
        'added_to_new_group_thread',
        callerId,
        others.map((p) => p.id),
        id,
      );
      return { id, events, members: memberIds };
    });
  }

  function notify(trx: Trx, type: string, actor: number, to: number[], threadId: number) {
    return Promise.all(
      to.map((recipient) =>
        recordActivity(trx, { type, actorUserId: actor, recipientUserId: recipient, threadId }),
      ),
    );
  }

  return {
    async create(auth: AuthContext, body: ThreadCreate) {
      // a direct thread shows the other person's picture; it has none of its own
      if (body.thread_type === 'direct' && body.thread_picture != null) {
        throw violation('thread_picture', 'validation.invalid');
      }
      const made =
        body.thread_type === 'direct'
          ? await createDirect(auth.userId, body.users)
          : await createGroup(auth.userId, body);
      ctx.activity.dispatch(made.events);
      // read once for the members' sockets and the answer
      const views = await threadViews(db, [made.id], media.threadPictureUrl);
      await live.thread('thread_created', made.id, made.members, views);
      const [thread] = views(auth.userId);
      if (!thread) throw new Error(`thread ${made.id} vanished`);
      return thread;
    },

    async get(viewerId: number, threadId: number) {
      await requireMember(db, threadId, viewerId);
      return threadView(db, threadId, viewerId, media.threadPictureUrl);
    },

    async patch(auth: AuthContext, threadId: number, body: ThreadPatch) {
      const { thread, member } = await requireMember(db, threadId, auth.userId);
      requireAdmin(thread.thread_type, member);
      if (body.name !== undefined && body.name.trim() === '') {
        throw new ApiError(422, 'thread.groupNameRequired');
      }
      const before = (await membersOf(db, [threadId])).map((m) => m.user_id);
      const adding = (await peopleOf(db, body.add_users ?? [])).filter(
        (p) => !before.includes(p.id),
      );
      await mayAddToGroup(db, auth.userId, adding);
      const removing = (await peopleOf(db, body.remove_users ?? [])).map((p) => p.id);
      const flags = await Promise.all(
        (body.admins ?? []).map(async (flag) => ({
          userId: (await peopleOf(db, [flag.user]))[0]!.id,
          admin: flag.admin,
        })),
      );
      const stays = new Set(
        [...before, ...adding.map((p) => p.id)].filter((id) => !removing.includes(id)),
      );
      if (flags.some((f) => !stays.has(f.userId))) throw new ApiError(404, 'thread.userNotFound');
      const gone = removing.filter((id) => before.includes(id));
      const events = await db.transaction().execute(async (trx) => {
        const at = new Date();
        const fields: ThreadFields = {};
        if (body.name !== undefined) fields.name = body.name.trim();
        if (body.description !== undefined) fields.description = body.description?.trim() || null;
        if (body.thread_picture !== undefined) {
          fields.picture_attachment_id = await media.setThreadPicture(
            trx,
            threadId,
            auth.userId,
            body.thread_picture,
          );
        }
        await updateThread(trx, dialect, threadId, fields, at);
        await insertMembers(
          trx,
          dialect,
          threadId,
          adding.map((p) => ({ userId: p.id, admin: false, readSeq: 0 })),
          at,
        );
        await removeMembers(trx, threadId, gone);
        for (const flag of flags) await setMemberFlags(trx, dialect, threadId, flag.userId, flag);
        await handAdmin(trx, dialect, threadId);
        return [
          ...(await notify(
            trx,
            'added_to_existing_group_thread',
            auth.userId,
            adding.map((p) => p.id),
            threadId,
          )),
          ...(await notify(trx, 'removed_from_thread', auth.userId, gone, threadId)),
        ];
      });
      ctx.activity.dispatch(events);
      const now = [...stays];
      await live.thread(
        'thread_updated',
        threadId,
        now.filter((id) => before.includes(id)),
      );
      await live.thread(
        'thread_created',
        threadId,
        adding.map((p) => p.id),
      );
      await live.removed(threadId, gone);
      return threadView(db, threadId, auth.userId, media.threadPictureUrl);
    },
  };
}
export type ThreadService = ReturnType<typeof createThreadService>;
