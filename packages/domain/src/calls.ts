import { z } from 'zod';

/**
 * Video calls on collections (docs/notes/calls.md): limits, who may join, and the messages
 * a call's page and the server exchange over the call socket. The server validates every
 * client message with these schemas; the web app builds its messages with the same types.
 */

export const CALLS = {
  /** people in a peer-to-peer call (each sends to every other); LiveKit takes larger rooms */
  maxMeshParticipants: 6,
  /** a visitor's typed name */
  nameMax: 60,
  /** an offer or answer's session description, in characters */
  sdpMax: 12_000,
  /** ICE candidates in one message (the page batches them) */
  candidatesMax: 20,
  candidateMax: 600,
  /** largest message on a call socket, in bytes (a description with its candidates fits) */
  maxMessageBytes: 16_384,
  /** messages a call socket may send per window; more closes it */
  messagesPerWindow: 120,
  windowMs: 10_000,
  /** how long the TURN credentials handed out stay valid */
  turnCredentialTtlSeconds: 12 * 3600,
  /** how long a call ticket (the right to open the call socket) is good for */
  ticketTtlSeconds: 12 * 3600,
  /** how long a LiveKit access token is good for */
  livekitTokenTtlSeconds: 6 * 3600,
  /** calls per page of a collection's call history */
  callsPerPage: 20,
} as const;

/** lobby: waiting to be admitted; in: in the call; left: gone (or removed, or never admitted) */
export const CALL_PARTICIPANT_STATES = ['lobby', 'in', 'left'] as const;
export type CallParticipantState = (typeof CALL_PARTICIPANT_STATES)[number];

/**
 * Joining a collection's call from inside (not with the link): the collection's owner, or
 * anyone who can see it when the owner switched user_can_join_call on.
 */
export function mayJoinCollectionCall(collection: {
  isOwner: boolean;
  user_can_join_call: boolean;
}): boolean {
  return collection.isOwner || collection.user_can_join_call;
}

/** A visitor's name: trimmed, not empty, not longer than CALLS.nameMax. */
export const callNameSchema = z.string().trim().min(1).max(CALLS.nameMax);

const participantRef = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const iceCandidateSchema = z.strictObject({
  candidate: z.string().max(CALLS.candidateMax),
  sdpMid: z.string().max(32).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});
export type CallIceCandidate = z.infer<typeof iceCandidateSchema>;

/** What a participant's page sends over the call socket, by message_type. */
export const callClientMessageSchema = z.discriminatedUnion('message_type', [
  z.strictObject({
    message_type: z.literal('call_signal'),
    to: participantRef,
    kind: z.enum(['offer', 'answer']),
    sdp: z.string().min(1).max(CALLS.sdpMax),
  }),
  z.strictObject({
    message_type: z.literal('call_ice'),
    to: participantRef,
    candidates: z.array(iceCandidateSchema).min(1).max(CALLS.candidatesMax),
  }),
  z.strictObject({
    message_type: z.literal('call_state'),
    audio: z.boolean(),
    video: z.boolean(),
    hand: z.boolean(),
    screen: z.boolean().optional(),
  }),
  z.strictObject({ message_type: z.literal('call_admit'), participant: participantRef }),
  z.strictObject({ message_type: z.literal('call_remove'), participant: participantRef }),
  z.strictObject({ message_type: z.literal('call_mute'), participant: participantRef }),
  z.strictObject({ message_type: z.literal('call_leave') }),
]);
export type CallClientMessage = z.infer<typeof callClientMessageSchema>;
export const CALL_CLIENT_MESSAGE_TYPES = [
  'call_signal',
  'call_ice',
  'call_state',
  'call_admit',
  'call_remove',
  'call_mute',
  'call_leave',
] as const;

/** A participant as the call's page sees them. */
export interface CallParticipant {
  id: number;
  name: string;
  /** the account, null for a visitor with the link */
  user_id: number | null;
  state: CallParticipantState;
  is_host: boolean;
  audio: boolean;
  video: boolean;
  hand: boolean;
  screen: boolean;
}

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** What joining a call answers: who you are in it, and how to connect. */
export interface CallJoin {
  call_id: number;
  collection_id: string;
  participant_id: number;
  state: CallParticipantState;
  is_host: boolean;
  lobby: boolean;
  /** the right to open the call socket: /api/ws?call_ticket=… */
  ticket: string;
  ice_servers: IceServer[];
  /** peer-to-peer mesh, or a LiveKit room when the server is configured for one */
  media: 'mesh' | 'livekit';
  livekit: { url: string; token: string } | null;
}

/** A call in a collection's history. */
export interface CallRecord {
  id: number;
  '@id': string;
  collection_id: string;
  started_at: string;
  ended_at: string | null;
  started_by: { id: number; name: string } | null;
  participants: {
    name: string;
    user_id: number | null;
    joined_at: string;
    left_at: string | null;
  }[];
}
