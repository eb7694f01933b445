import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.js';

describe('secrets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-secrets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a JWT key on first start, keeps it (0600) across restarts', () => {
    const first = loadSecrets(dir);
    const file = path.join(dir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecrets(dir);
    expect(Buffer.from(second.jwtKey).equals(Buffer.from(first.jwtKey))).toBe(true);
    expect(second.codePepper.equals(first.codePepper)).toBe(true);
  });

  it('JWT_SECRET from the environment wins', () => {
    const fromEnv = loadSecrets(dir, 'configured-secret');
    expect(Buffer.from(fromEnv.jwtKey).toString()).toBe('configured-secret');
  });
});
