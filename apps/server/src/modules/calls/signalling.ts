import { callClientMessageSchema, CALLS, type CallClientMessage } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { callAddress, type CallSocketPort, type RealtimeMessage } from '../../realtime/index.js';
import type { CallService } from './service.js';
import { participantOf } from './service.js';
import {
  admitParticipant,
  clearLobby,
  countInCall,
  endCall,
  findCall,
  findParticipant,
  emptyLiveCalls,
  markConnected,
  markLeft,
  markSeen,
  participantsOf,
  staleParticipants,
  type ParticipantRow,
} from './store.js';

const DEFAULT_HEARTBEAT_MS = 30_000;
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 20;

/**
 * The call socket (docs/notes/calls.md, Signalling): what participants send each other to
 * set up their connections, their media states, the lobby and the host's controls. Every
 * message is checked against the shared schema and against the stored participants, so
 * nobody reaches a call they are not in; everything goes through the hub, so participants
 * on different server instances reach each other through Redis.
 */
export function createSignalling(
  ctx: AppContext,
  service: CallService,
): CallSocketPort & {
  expectSocket(participantId: number): void;
  sweep(now?: Date): Promise<{ left: number; ended: number }>;
  heartbeat(): Promise<void>;
  close(): void;
} {
  const { db, dialect: d } = ctx.database;
  const hub = ctx.realtime;
  const heartbeatMs = ctx.config.calls.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const staleAfterMs = Math.max(3 * heartbeatMs, ctx.config.calls.socketGraceMs);
  /** The call sockets this instance holds, by participant (a ticket may open more than one). */
  const held = new Map<number, number>();

  const send = (ids: readonly number[], message: RealtimeMessage) =>
    ids.length === 0 ? Promise.resolve() : hub.sendToUsers(ids.map(callAddress), message);
  const refuse = (to: number, code: string, about?: string) =>
    send([to], { message_type: 'call_error', code, ...(about ? { about } : {}) });

  async function others(callId: number, except: number, state = 'in') {
    return (await participantsOf(db, callId))
      .filter((p) => p.id !== except && p.state === state)
      .map((p) => p.id);
  }

  /** Sends the roster to a participant who is now in the call, and tells the others. */
  async function announceIn(row: ParticipantRow): Promise<void> {
    const all = await participantsOf(db, row.call_id);
    const call = await findCall(db, row.call_id);
    await send([row.id], {
      message_type: 'call_roster',
      self: row.id,
      participants: all.map(participantOf),
      livekit: call ? await service.livekitFor(call, { ...row, state: 'in' }) : null,
    });
    await send(
      all.filter((p) => p.id !== row.id && p.state === 'in').map((p) => p.id),
      { message_type: 'call_joined', participant: participantOf({ ...row, state: 'in' }) },
    );
  }

  /** Marks a participant gone; the last one out ends the call and sends the lobby home. */
  async function leave(participantId: number): Promise<void> {
    const row = await findParticipant(db, participantId);
    if (!row || !(await markLeft(db, d, participantId, new Date()))) return;
    const remaining = await others(row.call_id, participantId);
    await send(remaining, { message_type: 'call_left', participant_id: participantId });
    if (row.state === 'lobby') {
      await send(await insidersOf(row.call_id), {
        message_type: 'call_lobby_left',
        participant_id: participantId,
      });
      return;
    }
    await endIfEmpty(row.call_id);
  }

  /** With nobody in any more the call ends, and whoever waits in the lobby is sent home. */
  async function endIfEmpty(callId: number): Promise<boolean> {
    if ((await countInCall(db, callId)) > 0) return false;
    if (!(await endCall(db, d, callId, new Date()))) return false;
    const waiting = await clearLobby(db, d, callId, new Date());
    await send(
      waiting.map((w) => w.id),
      { message_type: 'call_ended' },
    );
    return true;
  }

  /** Those inside a call who may admit from the lobby: people with an account. */
  async function insidersOf(callId: number): Promise<number[]> {
    return (await participantsOf(db, callId))
      .filter((p) => p.state === 'in' && p.user_id !== null)
      .map((p) => p.id);
  }

  async function target(me: ParticipantRow, id: number): Promise<ParticipantRow | undefined> {
    const row = await findParticipant(db, id);
    return row && row.call_id === me.call_id && row.state !== 'left' ? row : undefined;
  }

  async function handle(me: ParticipantRow, message: CallClientMessage): Promise<void> {
    if (message.message_type === 'call_leave') {
      await leave(me.id);
      return;
    }
    if (me.state !== 'in') {
      await refuse(me.id, 'not_in_call', message.message_type);
      return;
    }
    switch (message.message_type) {
      case 'call_signal':
      case 'call_ice': {
        const to = await target(me, message.to);
        if (!to || to.state !== 'in' || to.id === me.id) {
          await refuse(me.id, 'not_in_call', message.message_type);
          return;
        }
        const { to: _to, ...rest } = message;
        await send([to.id], { ...rest, from: me.id });
        return;
      }
      case 'call_state': {
        await send(await others(me.call_id, me.id), {
          message_type: 'call_state',
          participant_id: me.id,
          audio: message.audio,
          video: message.video,
          hand: message.hand,
          screen: message.screen ?? false,
        });
        return;
      }
      case 'call_admit': {
        const to = await target(me, message.participant);
        if (me.user_id === null || !to || to.state !== 'lobby') {
          await refuse(me.id, 'forbidden', message.message_type);
          return;
        }
        if (!(await admitParticipant(db, d, to.id, new Date()))) return;
        await send(await insidersOf(me.call_id), {
          message_type: 'call_lobby_left',
          participant_id: to.id,
        });
        await send([to.id], { message_type: 'call_admitted' });
        await announceIn({ ...to, state: 'in' });
        return;
      }
      case 'call_remove':
      case 'call_mute': {
        const to = await target(me, message.participant);
        if (!readBool(me.is_host) || !to || to.id === me.id) {
          await refuse(me.id, 'forbidden', message.message_type);
          return;
        }
        if (message.message_type === 'call_mute') {
          await send([to.id], { message_type: 'call_muted', by: me.id });
          return;
        }
        await send([to.id], { message_type: 'call_removed', by: me.id });
        await leave(to.id);
        return;
      }
    }
  }

  // One participant's messages are handled in the order they came (an offer before its
  // candidates); different participants' run side by side.
  const queues = new Map<number, Promise<void>>();
  const inOrder = (participantId: number, work: () => Promise<void>): Promise<void> => {
    const next = (queues.get(participantId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'call socket message failed'));
    queues.set(participantId, next);
    void next.then(() => {
      if (queues.get(participantId) === next) queues.delete(participantId);
    });
    return next;
  };

  /** Vouches for the participants whose call sockets this instance holds. */
  async function heartbeat(): Promise<void> {
    await markSeen(db, d, [...held.keys()], new Date());
  }
  const timer = setInterval(() => {
    heartbeat().catch((error: unknown) => ctx.log.warn({ err: error }, 'call heartbeat failed'));
  }, heartbeatMs);
  timer.unref();

  /**
   * Lets go whoever no instance vouched for lately (their socket died with its server, or
   * never opened), through the same leave as a closed socket: the others get call_left, the
   * last one out ends the call. Calls left with nobody in at all end too.
   */
  async function sweep(now = new Date()): Promise<{ left: number; ended: number }> {
    const before = new Date(now.getTime() - staleAfterMs);
    let left = 0;
    let ended = 0;
    // a batch at a time; a row that failed comes back, so a bounded number of rounds
    for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
      const stale = await staleParticipants(db, d, before, SWEEP_BATCH);
      for (const row of stale) {
        await inOrder(row.id, () => leave(row.id));
        left += 1;
      }
      if (stale.length < SWEEP_BATCH) break;
    }
    for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
      const empty = await emptyLiveCalls(db, before, d, SWEEP_BATCH);
      for (const call of empty) if (await endIfEmpty(call.id)) ended += 1;
      if (empty.length < SWEEP_BATCH) break;
    }
    return { left, ended };
  }

  return {
    heartbeat,
    sweep,
    close: () => clearInterval(timer),
    limits: {
      maxMessageBytes: CALLS.maxMessageBytes,
      messagesPerWindow: CALLS.messagesPerWindow,
      windowMs: CALLS.windowMs,
    },
    async authenticate(ticket) {
      const participantId = service.tickets.read(ticket);
      if (participantId === null) return null;
      const row = await findParticipant(db, participantId);
      return row && row.state !== 'left' ? row.id : null;
    },
    /** Someone who joined and never opens the call socket leaves after the grace time. */
    expectSocket(participantId) {
      const timer = setTimeout(() => {
        void inOrder(participantId, async () => {
          const row = await findParticipant(db, participantId);
          if (row && row.connected_at === null) await leave(participantId);
        });
      }, ctx.config.calls.socketGraceMs);
      timer.unref();
    },
    opened(participantId) {
      held.set(participantId, (held.get(participantId) ?? 0) + 1);
      void inOrder(participantId, async () => {
        const row = await findParticipant(db, participantId);
        if (!row || row.state === 'left') return;
        await markConnected(db, d, participantId, new Date());
        if (row.state === 'in') {
          await announceIn(row);
          return;
        }
        await send([row.id], { message_type: 'call_lobby_wait' });
        await send(await insidersOf(row.call_id), {
          message_type: 'call_lobby',
          participant: participantOf(row),
        });
      });
    },
    message(participantId, raw) {
      void inOrder(participantId, async () => {
        const parsed = callClientMessageSchema.safeParse(raw);
        if (!parsed.success) {
          await refuse(participantId, 'invalid');
          return;
        }
        const me = await findParticipant(db, participantId);
        if (!me || me.state === 'left') {
          await refuse(participantId, 'not_in_call', parsed.data.message_type);
          return;
        }
        await handle(me, parsed.data);
      });
    },
    closed(participantId) {
      const count = (held.get(participantId) ?? 1) - 1;
      if (count > 0) held.set(participantId, count);
      else held.delete(participantId);
      void inOrder(participantId, () => leave(participantId));
    },
  };
}
