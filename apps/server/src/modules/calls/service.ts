import {
  CALLS,
  callNameSchema,
  canUseWebMeetings,
  mayJoinCollectionCall,
  type CallJoin,
  type CallParticipant,
  type CallRecord,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readBool } from '../../db/dialect.js';
import { dispatchAfterCommit } from '../../events/index.js';
import { ApiError, conflict, forbidden, violation } from '../../http/errors.js';
import { callAddress } from '../../realtime/index.js';
import { findCollectionByCallToken, loadCollectionForViewer } from '../collections/access.js';
import { blockedEitherWay } from '../blocks/service.js';
import { recordCallStarted } from '../notifications/index.js';
import { accountFactsOf } from '../users/account-facts.js';
import { findAccount } from '../users/service.js';
import { iceServersFor } from './ice.js';
import { livekitToken } from './livekit.js';
import {
  attendanceOf,
  callsOfCollection,
  findCall,
  findLiveCall,
  findParticipant,
  insertCall,
  insertParticipant,
  nameOf,
  countInCall,
  type CallRow,
  type ParticipantRow,
} from './store.js';
import { createTickets } from './tickets.js';

/** Who asks to start or join: the account the session acts for, and who is signed in. */
export interface CallCaller {
  userId: number;
  rootUserId: number | null;
}

export const callLinkInvalid = () => new ApiError(404, 'call.linkInvalid');

/** A participant row as the call's pages see it (media states start on; pages report them). */
export function participantOf(row: ParticipantRow): CallParticipant {
  return {
    id: row.id,
    name: row.name,
    user_id: row.user_id,
    state: row.state as CallParticipant['state'],
    is_host: readBool(row.is_host),
    audio: true,
    video: true,
    hand: false,
    screen: false,
  };
}

/**
 * Calls on collections (docs/notes/calls.md): who may start and join them, the record of
 * who was in each, and what a participant gets to connect (a ticket for the call socket,
 * ICE servers, a LiveKit token when calls run on LiveKit).
 */
export function createCallService(
  ctx: AppContext,
  hooks: { joined(participantId: number): void } = { joined: () => undefined },
) {
  const database = ctx.database;
  const { db, dialect: d } = database;
  const tickets = createTickets(ctx.secrets.jwtKey);
  const calls = ctx.config.calls;

  /** May this account start calls (the web meetings rule, for the person signed in too)? */
  async function mayStart(caller: CallCaller): Promise<boolean> {
    const account = await findAccount(db, caller.userId);
    if (!account) return false;
    const root =
      caller.rootUserId !== null && caller.rootUserId !== caller.userId
        ? await findAccount(db, caller.rootUserId)
        : undefined;
    return canUseWebMeetings(
      { ...accountFactsOf(account), id: account.id },
      root ? { ...accountFactsOf(root), id: root.id } : null,
    );
  }

  /** The LiveKit token of someone in the call, when calls run on LiveKit. */
  async function livekitFor(call: { id: number }, row: ParticipantRow) {
    if (!calls.livekit || row.state !== 'in') return null;
    const token = await livekitToken(calls.livekit, {
      callId: call.id,
      participantId: row.id,
      name: row.name,
      isHost: readBool(row.is_host),
    });
    return { url: calls.livekit.url, token };
  }

  async function answer(call: CallRow, participantId: number): Promise<CallJoin> {
    const row = await findParticipant(db, participantId);
    if (!row) throw new ApiError(404, 'call.notFound');
    hooks.joined(row.id);
    return {
      call_id: call.id,
      collection_id: call.collection_id,
      participant_id: row.id,
      state: row.state as CallJoin['state'],
      is_host: readBool(row.is_host),
      lobby: readBool(call.lobby),
      ticket: tickets.issue(row.id, CALLS.ticketTtlSeconds),
      ice_servers: iceServersFor(calls, Date.now(), `p${row.id}`),
      media: calls.livekit ? 'livekit' : 'mesh',
      livekit: await livekitFor(call, row),
    };
  }

  /** A peer-to-peer call holds CALLS.maxMeshParticipants; LiveKit rooms are not capped here. */
  async function ensureRoom(callId: number): Promise<void> {
    if (calls.livekit) return;
    if ((await countInCall(db, callId)) >= CALLS.maxMeshParticipants) throw conflict('call.full');
  }

  return {
    tickets,
    mayStart,
    livekitFor,

    /**
     * Starts the collection's call, or joins the one running: starting needs the web
     * meetings rule and sight of the collection; joining needs sight of it and
     * user_can_join_call (its owner may always).
     */
    async enter(
      caller: CallCaller,
      collectionId: string,
      options: { lobby: boolean },
    ): Promise<CallJoin> {
      const collection = await loadCollectionForViewer(database, collectionId, {
        userId: caller.userId,
      });
      const isOwner = collection.user_id === caller.userId;
      const name = (await nameOf(db, caller.userId)) ?? '';
      const now = new Date();
      let call = await findLiveCall(db, collection.id);
      if (!call) {
        if (!(await mayStart(caller))) throw forbidden('call.notAllowed');
        const started = await db.transaction().execute(async (trx) => {
          const id = await insertCall(trx, d, {
            collectionId: collection.id,
            startedBy: caller.userId,
            lobby: options.lobby,
            at: now,
          });
          if (id === undefined) return undefined;
          const participantId = await insertParticipant(trx, d, {
            callId: id,
            userId: caller.userId,
            name,
            state: 'in',
            isHost: true,
            at: now,
          });
          const events = await recordCallStarted(trx, d, {
            collectionId: collection.id,
            ownerId: collection.user_id,
            starterId: caller.userId,
            openToAudience: readBool(collection.user_can_join_call),
          });
          await dispatchAfterCommit(trx, events, ctx);
          return { id, participantId };
        });
        if (started) {
          const row = await findCall(db, started.id);
          if (row) return answer(row, started.participantId);
        }
        // someone else started it meanwhile: join theirs
        call = await findLiveCall(db, collection.id);
        if (!call) throw conflict();
      } else if (
        !mayJoinCollectionCall({
          isOwner,
          user_can_join_call: readBool(collection.user_can_join_call),
        }) &&
        call.started_by !== caller.userId
      ) {
        throw forbidden('call.cannotJoin');
      }
      await ensureRoom(call.id);
      const participantId = await insertParticipant(db, d, {
        callId: call.id,
        userId: caller.userId,
        name,
        state: 'in',
        isHost: isOwner || call.started_by === caller.userId,
        at: now,
      });
      return answer(call, participantId);
    },

    /**
     * Joins the running call with its link (the collection's call_secure_token): a visitor
     * under the name they typed, a signed-in person under their own. Someone who could have
     * joined from the collection goes straight in; everyone else waits in the lobby unless
     * the starter turned it off.
     */
    async joinWithLink(
      userId: number | null,
      token: string,
      typedName: string | undefined,
    ): Promise<CallJoin> {
      const collection = await findCollectionByCallToken(database, token);
      if (!collection) throw callLinkInvalid();
      if (userId !== null && (await blockedEitherWay(db, userId, collection.user_id))) {
        throw callLinkInvalid();
      }
      let name: string;
      let insider = false;
      if (userId === null) {
        const parsed = callNameSchema.safeParse(typedName ?? '');
        if (!parsed.success) {
          throw violation('name', typedName?.trim() ? 'validation.tooLong' : 'validation.required');
        }
        name = parsed.data;
      } else {
        name = (await nameOf(db, userId)) ?? '';
        insider =
          collection.user_id === userId ||
          (collection.user_can_join_call &&
            (await loadCollectionForViewer(database, collection.id, { userId }).then(
              () => true,
              () => false,
            )));
      }
      const call = await findLiveCall(db, collection.id);
      if (!call) throw conflict('call.notStarted');
      await ensureRoom(call.id);
      const participantId = await insertParticipant(db, d, {
        callId: call.id,
        userId,
        name,
        state: insider || !readBool(call.lobby) ? 'in' : 'lobby',
        isHost: userId !== null && userId === collection.user_id,
        at: new Date(),
      });
      return answer(call, participantId);
    },

    /** A page of the collection's calls, for whoever can see the collection. */
    async history(
      userId: number,
      collectionId: string,
      page: { limit: number; offset: number },
    ): Promise<{ members: CallRecord[]; total: number }> {
      const collection = await loadCollectionForViewer(database, collectionId, { userId });
      const { rows, total } = await callsOfCollection(db, collection.id, page);
      const attendance = await attendanceOf(
        db,
        rows.map((r) => r.id),
      );
      const members = rows.map((row): CallRecord => ({
        id: row.id,
        '@id': `/api/call/${row.id}`,
        collection_id: row.collection_id,
        started_at: isoTime(row.started_at) ?? '',
        ended_at: isoTime(row.ended_at),
        started_by:
          row.started_by === null ? null : { id: row.started_by, name: row.started_by_name ?? '' },
        participants: attendance
          .filter((a) => a.call_id === row.id)
          .map((a) => ({
            name: a.name,
            user_id: a.user_id,
            joined_at: isoTime(a.admitted_at) ?? '',
            left_at: isoTime(a.left_at),
          })),
      }));
      return { members, total };
    },

    /** Hub addresses of a call's participants (for the signalling). */
    address: callAddress,
  };
}
export type CallService = ReturnType<typeof createCallService>;
