import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The secure token a delegate switches in with is shown again in that delegate's list
 * (docs/notes/delegations.md), so it is kept sealed (AES-256-GCM under a key derived from the
 * server secret) next to its SHA-256 hash, which stays the check. A copy of the database alone
 * reveals neither.
 */
function keyOf(pepper: Buffer): Buffer {
  return createHmac('sha256', pepper).update('memoria-delegation-token').digest();
}

export function sealToken(pepper: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(pepper), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The token, or null when the seal is missing (rows older than migration 0020) or broken. */
export function openToken(pepper: Buffer, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(pepper), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
