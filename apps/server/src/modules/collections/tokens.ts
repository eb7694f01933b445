import { randomBytes, randomInt } from 'node:crypto';
import { COLLECTION_ID_LENGTH } from '@memoria/domain';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random 10-character alphanumeric collection id (docs/API.md, Conventions). It always holds a
 * letter, so it can never be mistaken for an integer id where a path takes either
 * (DELETE /api/muted/collection/{id}).
 */
export function newCollectionId(): string {
  for (;;) {
    let id = '';
    for (let i = 0; i < COLLECTION_ID_LENGTH; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(id)) return id;
  }
}

/** A capability token for the secret link or the call (192 random bits, URL-safe). */
export function newSecretToken(): string {
  return randomBytes(24).toString('base64url');
}
