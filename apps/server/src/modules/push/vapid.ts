import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../../config.js';

export interface VapidKeys {
  /** uncompressed P-256 public key, base64url (what browsers take as applicationServerKey) */
  publicKey: string;
  privateKey: string;
  /** https: URL or mailto: address the push services may contact */
  subject: string;
}

interface StoredVapid {
  public_key: string;
  private_key: string;
}

const loaded = new Map<string, VapidKeys>();

/**
 * The server's VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated on
 * first use and kept in DATA_DIR/vapid.json (0600), so subscriptions made against the
 * public key keep working after a restart.
 */
export function loadVapidKeys(config: Pick<AppConfig, 'vapid' | 'dataDir'>): VapidKeys {
  const { vapid, dataDir } = config;
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  const cached = loaded.get(file);
  if (cached) return { ...cached, subject: vapid.subject };
  fs.mkdirSync(dataDir, { recursive: true });
  let stored: Partial<StoredVapid> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredVapid;
  if (!stored.public_key || !stored.private_key) {
    const pair = webpush.generateVAPIDKeys();
    stored = { public_key: pair.publicKey, private_key: pair.privateKey };
    // wx: when two processes start together, the first file written wins (an incomplete
    // file is replaced).
    const flag = fs.existsSync(file) ? 'w' : 'wx';
    try {
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredVapid;
    }
  }
  fs.chmodSync(file, 0o600);
  const keys = {
    publicKey: stored.public_key as string,
    privateKey: stored.private_key as string,
    subject: vapid.subject,
  };
  loaded.set(file, keys);
  return keys;
}
