import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CONNECTION_TOKEN_VALID_DAYS } from '@memoria/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens are looked up by their SHA-256; the token itself is never stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An invitation token: 32 random bytes, URL-safe. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/**
 * The personal QR token is an HMAC of (user, nonce) under a server key: the table keeps the
 * nonce and the token's hash, so the owner can be shown their token again while the table
 * alone cannot produce it. A new nonce (refresh) makes the old token worthless.
 */
export function personalToken(key: Uint8Array, userId: number, nonce: string): string {
  return createHmac('sha256', key)
    .update(`connection-token:${userId}:${nonce}`)
    .digest('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function validUntilFrom(now: Date, days: number = CONNECTION_TOKEN_VALID_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** Tokens in paths are base64url; anything else is refused before it reaches a query. */
export function plausibleToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(value);
}
