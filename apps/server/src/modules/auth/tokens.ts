import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { AUTH } from '@memoria/domain';
import type { SessionScope } from '../../http/request-context.js';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short codes are keyed by a server secret and bound to user and purpose. */
export function hashCode(pepper: Buffer, userId: number, purpose: string, code: string): string {
  return createHmac('sha256', pepper).update(`${userId}:${purpose}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Opaque refresh tokens and reset-link tokens: 32 random bytes. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function numericCode(length: number = AUTH.codeLength): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

// No 0/o, 1/l/i: backup codes are read off paper.
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function backupCode(): string {
  let raw = '';
  for (let i = 0; i < 8; i += 1) raw += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

export function normaliseBackupCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export interface AccessClaims {
  userId: number;
  sessionId: number;
  scope: SessionScope;
  /** the person signed in when the session acts for another account (`rid`) */
  rootUserId: number | null;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  const root = claims.rootUserId === null ? {} : { rid: claims.rootUserId };
  return new SignJWT({ sid: claims.sessionId, scope: claims.scope, ...root })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + AUTH.accessTokenTtlSeconds)
    .sign(key);
}

export type AccessTokenCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const sessionId = Number(payload.sid);
    const scope = payload.scope;
    const rootUserId = payload.rid === undefined ? null : Number(payload.rid);
    if (
      !Number.isInteger(userId) ||
      !Number.isInteger(sessionId) ||
      (rootUserId !== null && !Number.isInteger(rootUserId)) ||
      (scope !== 'full' && scope !== 'activation')
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId, sessionId, scope, rootUserId } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
