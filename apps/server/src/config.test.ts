import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/memoria.db'), synchronous: 'full' },
      uploadLimitMb: 5120,
      trustProxy: false,
      logLevel: 'info',
      mailFrom: expect.any(String),
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.jwtSecret).toBeUndefined();
    expect(config.passwordHashing).toBe('standard');
    expect(config.globalRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '50' }).globalRateLimitPerMinute).toBe(50);
  });

  it("takes SQLite's commit mode, full unless asked otherwise, and refuses anything else", () => {
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).database).toMatchObject({
      kind: 'sqlite',
      synchronous: 'normal',
    });
    expect(loadConfig({ SQLITE_SYNCHRONOUS: '' }).database).toMatchObject({ synchronous: 'full' });
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(ConfigError);
  });

  it("takes PostgreSQL's pool size, 20 unless asked otherwise, and refuses nonsense", () => {
    const url = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ poolSize: 20 });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '40' }).database).toMatchObject({
      kind: 'postgres',
      poolSize: 40,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: 'x' })).toThrow(ConfigError);
  });

  it('derives the public URL from the port when none is given', () => {
    expect(loadConfig({ PORT: '3400' }).publicUrl).toBe('http://localhost:3400');
  });

  it('selects PostgreSQL for postgres URLs', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://u@h:5433/db']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
        kind: 'postgres',
        url,
        poolSize: 20,
      });
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
  });

  it('parses TRUST_PROXY, numbers and URLs', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://m.example/' })).toMatchObject({
      port: 8080,
      publicUrl: 'https://m.example',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });
});
