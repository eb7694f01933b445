import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';

export interface Secrets {
  /** HS256 key of access tokens */
  jwtKey: Uint8Array;
  /** keys the hashes of short codes, so a leaked table cannot be brute-forced offline */
  codePepper: Buffer;
  /** signs media URLs (secure_url) that grant access without a session */
  mediaUrlKey: Buffer;
}

interface StoredSecrets {
  jwt_secret: string;
}

export function secretsFrom(jwtSecret: string): Secrets {
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    codePepper: createHmac('sha256', jwtSecret).update('memoria-code-pepper').digest(),
    mediaUrlKey: createHmac('sha256', jwtSecret).update('memoria-media-url').digest(),
  };
}

/**
 * Secrets not given in the environment are generated on first start and kept in
 * DATA_DIR/secrets.json (0600), so a restart keeps sessions valid.
 */
export function loadSecrets(dataDir: string, jwtSecret?: string): Secrets {
  if (jwtSecret) return secretsFrom(jwtSecret);
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  let stored: Partial<StoredSecrets> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  }
  if (!stored.jwt_secret) {
    stored = { ...stored, jwt_secret: randomBytes(48).toString('base64url') };
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return secretsFrom(stored.jwt_secret as string);
}
