import { createHmac } from 'node:crypto';
import { CALLS, type IceServer } from '@memoria/domain';
import type { CallsConfig } from '../../config.js';

/**
 * TURN credentials in the shared-secret scheme coturn's `use-auth-secret` checks
 * (docs/notes/calls.md, TURN): the user name is the expiry as Unix seconds, optionally
 * followed by `:` and who it is for; the password is the base64 HMAC-SHA1 of that user name
 * keyed with the secret coturn also holds. Nothing is stored: coturn recomputes it.
 */
export function turnCredentials(
  secret: string,
  nowMs: number,
  ttlSeconds: number = CALLS.turnCredentialTtlSeconds,
  id?: string,
): { username: string; credential: string } {
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = id ? `${expiry}:${id}` : String(expiry);
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers a participant's browser gets: STUN as configured, TURN with fresh credentials. */
export function iceServersFor(config: CallsConfig, nowMs: number, id: string): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    servers.push({
      urls: config.turnUrls,
      ...turnCredentials(config.turnSecret, nowMs, undefined, id),
    });
  }
  return servers;
}
