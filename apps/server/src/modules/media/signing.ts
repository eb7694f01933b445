import { createHmac, timingSafeEqual } from 'node:crypto';
import { SECURE_URL_WINDOW_SECONDS } from '@memoria/domain';

/**
 * Signed media URLs (secure_url). An <img> or <video> tag sends no Authorization header,
 * so the API hands out URLs that carry their own grant: an HMAC over the path, the variant
 * and an expiry time, keyed with a server secret. The expiry is rounded up to the end of
 * the next whole window, so everyone loading the same file within a window gets the same
 * URL (browsers and the service worker can cache it), and a URL stays valid for one to two
 * windows. A URL names one file: changing the id, the variant or the time breaks it.
 */

export interface SignedParts {
  expires: number;
  signature: string;
}

function signatureOf(key: Buffer, path: string, variant: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`${path}\n${variant}\n${expires}`)
    .digest('base64url')
    .slice(0, 32);
}

export function expiryFor(now: Date, windowSeconds = SECURE_URL_WINDOW_SECONDS): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / windowSeconds) + 2) * windowSeconds;
}

export function signMediaPath(
  key: Buffer,
  path: string,
  variant: string,
  now = new Date(),
): string {
  const expires = expiryFor(now);
  const query = new URLSearchParams();
  if (variant) query.set('variant', variant);
  query.set('expires', String(expires));
  query.set('signature', signatureOf(key, path, variant, expires));
  return `${path}?${query.toString()}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function checkSignature(
  key: Buffer,
  path: string,
  variant: string,
  parts: { expires?: string; signature?: string },
  now = new Date(),
): SignatureCheck {
  const expires = Number(parts.expires);
  if (!parts.signature || !/^\d{1,12}$/.test(parts.expires ?? '')) return 'invalid';
  const expected = Buffer.from(signatureOf(key, path, variant, expires));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'valid' : 'expired';
}
