import { AccessToken } from 'livekit-server-sdk';
import { CALLS } from '@memoria/domain';
import type { CallsConfig } from '../../config.js';

/** The LiveKit room of a call: one per call, so an ended call's tokens open nothing new. */
export const livekitRoomOf = (callId: number): string => `memoria-call-${callId}`;

/** The identity a participant has in LiveKit: their participant id, unique per entry. */
export const livekitIdentityOf = (participantId: number): string => `p${participantId}`;

/**
 * A LiveKit access token for someone the call rules admitted (docs/notes/calls.md, LiveKit):
 * joins only this call's room, publishes and subscribes, for CALLS.livekitTokenTtlSeconds.
 * Hosts may also moderate (remove and mute others) in the room.
 */
export async function livekitToken(
  livekit: NonNullable<CallsConfig['livekit']>,
  who: { callId: number; participantId: number; name: string; isHost: boolean },
): Promise<string> {
  const token = new AccessToken(livekit.apiKey, livekit.apiSecret, {
    identity: livekitIdentityOf(who.participantId),
    name: who.name,
    ttl: CALLS.livekitTokenTtlSeconds,
  });
  token.addGrant({
    room: livekitRoomOf(who.callId),
    roomJoin: true,
    canPublish: true,
    canSubscribe: true,
    canPublishData: true,
    roomAdmin: who.isHost,
  });
  return token.toJwt();
}
