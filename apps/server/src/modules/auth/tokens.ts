import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
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

/** `ttlSeconds`: shorter for the messenger's chat token (docs/notes/messenger.md). */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number = AUTH.accessTokenTtlSeconds,
): Promise<string> {
  const root = claims.rootUserId === null ? {} : { rid: claims.rootUserId };
  return new SignJWT({ sid: claims.sessionId, scope: claims.scope, ...root })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

export type AccessTokenCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Checks an HS256 token with node:crypto directly: it runs on every authenticated request,
 * and jose's general verifier (key import, async crypto, claim set parsing) cost about a
 * tenth of a cached read. Only what signAccessToken makes is accepted: the header must say
 * HS256, the signature must match in constant time, and `exp` must lie ahead.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessTokenCheck> {
  const known = checkedTokens(key).get(token);
  if (known) {
    return known.exp * 1000 <= Date.now()
      ? { ok: false, reason: 'expired' }
      : { ok: true, claims: known.claims };
  }
  const payload = verifiedPayload(key, token);
  if (payload === undefined) return { ok: false, reason: 'invalid' };
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) {
    return { ok: false, reason: typeof payload.exp === 'number' ? 'expired' : 'invalid' };
  }
  const userId = Number(payload.sub);
  const sessionId = Number(payload.sid);
  const scope = payload.scope;
  const rootUserId = payload.rid === undefined ? null : Number(payload.rid);
  if (
    typeof payload.sub !== 'string' ||
    !Number.isInteger(userId) ||
    !Number.isInteger(sessionId) ||
    (rootUserId !== null && !Number.isInteger(rootUserId)) ||
    (scope !== 'full' && scope !== 'activation')
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const claims: AccessClaims = { userId, sessionId, scope, rootUserId };
  checkedTokens(key).set(token, { claims, exp: payload.exp });
  return { ok: true, claims };
}

/**
 * Tokens whose signature was checked, per key, with their claims and expiry: a tab sends the
 * same token with every request for its whole life, and the check is a tenth of a kept
 * answer. Only good signatures are kept; expiry is still looked at each time.
 */
const checked = new WeakMap<Uint8Array, LRUCache<string, { claims: AccessClaims; exp: number }>>();

function checkedTokens(key: Uint8Array) {
  let tokens = checked.get(key);
  if (!tokens) {
    tokens = new LRUCache({ max: 10_000 });
    checked.set(key, tokens);
  }
  return tokens;
}

const TOKEN_SHAPE = /^([\w-]+)\.([\w-]+)\.([\w-]{43})$/;

function verifiedPayload(key: Uint8Array, token: string): Record<string, unknown> | undefined {
  const parts = TOKEN_SHAPE.exec(token);
  if (!parts) return undefined;
  const [, header, body, signature] = parts as unknown as [string, string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const head = parseJsonObject(header);
  if (head?.alg !== 'HS256' || head.crit !== undefined) return undefined;
  return parseJsonObject(body);
}

function parseJsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
