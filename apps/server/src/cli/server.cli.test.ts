import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { EXTERNAL_CHECK_MS } from '../db/change-version.js';
import {
  sharedBundle,
  createCliInstance,
  type CliInstance,
  type ServerProcess,
} from './cli-harness.js';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

// The server runs as a child process (the commands in this process, cli-harness.ts); give a
// busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin while a server process uses the same database', () => {
  let cli: CliInstance;
  let server: ServerProcess;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await cli.json('db:migrate');
    server = await cli.startServer();
  });
  afterAll(async () => {
    await cli?.close();
  });

  async function call(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  }
  const login = (usermail: string, password: string): Promise<Answer> =>
    call('POST', '/api/login', { usermail, password });

  it('an account made by the command line signs in; disabling it ends its sessions at once', async () => {
    const made = await cli.json<{ password: string }>(
      'users:create',
      'erin@example.test',
      '--name',
      'Erin',
      '--generate-password',
    );
    const first = await login('erin@example.test', made.password);
    expect(first.status).toBe(200);
    const token = first.body.token as string;
    const refresh = first.body.refresh_token as string;
    expect((await call('GET', '/api/profile', undefined, token)).status).toBe(200);

    await cli.json('users:disable', 'erin@example.test');
    // the server looks for other processes' commits every EXTERNAL_CHECK_MS (50 ms): a
    // command run in this process is back sooner than that
    await expect
      .poll(async () => (await call('GET', '/api/profile', undefined, token)).status, {
        timeout: 2000,
        interval: EXTERNAL_CHECK_MS,
      })
      .toBe(401);
    const profile = await call('GET', '/api/profile', undefined, token);
    expect(profile.status).toBe(401);
    expect(profile.headers.get('x-token-expired')).toBe('1');
    expect(profile.body.detail).toBe('This account has been disabled. Contact support.');
    const refreshed = await call('POST', '/api/token/refresh', { refresh_token: refresh });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.detail).toBe('This account has been disabled. Contact support.');
    const again = await login('erin@example.test', made.password);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      error: 'account disabled',
      detail: 'This account has been disabled. Contact support.',
    });

    await cli.json('users:enable', 'erin@example.test');
    await expect
      .poll(async () => (await login('erin@example.test', made.password)).status, {
        timeout: 2000,
        interval: EXTERNAL_CHECK_MS,
      })
      .toBe(200);
  });

  it('the reset link printed by the command line sets a new password on the server', async () => {
    const answer = await cli.json<{ link: string }>('users:reset-password', 'erin@example.test');
    const token = new URL(answer.link).searchParams.get('token');
    const confirm = await call('POST', '/api/forgot-password-confirm', {
      userForgotPassword: token,
      password: 'Brand-new-pass1',
    });
    expect(confirm.status).toBe(200);
    expect((await login('erin@example.test', 'Brand-new-pass1')).status).toBe(200);
    // One time only.
    const reused = await call('POST', '/api/forgot-password-confirm', {
      userForgotPassword: token,
      password: 'Other-new-pass1',
    });
    expect(reused.status).toBe(400);
  });

  it('command line and server write at the same time without lock errors', async () => {
    const made = await cli.json<{ password: string }>(
      'users:create',
      'frank@example.test',
      '--name',
      'Frank',
      '--generate-password',
    );
    let serverWrites = 0;
    let stop = false;
    // Every sign-in writes a session and a refresh token.
    const serverLoop = (async () => {
      const statuses: number[] = [];
      while (!stop) {
        statuses.push((await login('frank@example.test', made.password)).status);
        serverWrites += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return statuses;
    })();
    const commands = [
      ['users:grant-plan', 'frank@example.test', 'silver'],
      ['users:storage', 'frank@example.test', '20'],
      ['users:verify-identity', 'frank@example.test', '--official-name', 'Frank Example'],
      ['users:grant-plan', 'frank@example.test', 'bronze'],
    ];
    const results = [];
    for (const args of commands) results.push(await cli.admin(...args));
    stop = true;
    const statuses = await serverLoop;
    for (const result of results) expect(result.stderr).toBe('');
    expect(results.map((r) => r.code)).toEqual(commands.map(() => 0));
    expect(serverWrites).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const shown = await cli.json<{ plan: string; live_sessions: number }>(
      'users:show',
      'frank@example.test',
    );
    expect(shown.plan).toBe('bronze');
    expect(shown.live_sessions).toBe(serverWrites);
    // The server sees what the command line wrote.
    const pair = await login('frank@example.test', made.password);
    const profile = await call('GET', '/api/profile', undefined, pair.body.token as string);
    expect(profile.body).toMatchObject({
      user_has_extended_subscription: true,
      rules: { has_subscription: true, bronze: true, silver: false },
      user_profile: { user_identified: true, name_official: 'Frank Example' },
    });
  });

  it('db:backup copies the live SQLite database while the server writes', async () => {
    if (cli.target.kind !== 'sqlite') {
      expect((await cli.admin('db:backup', path.join(cli.dataDir, 'b.db'))).code).toBe(2);
      return;
    }
    const made = await cli.json<{ password: string }>(
      'users:create',
      'gina@example.test',
      '--name',
      'Gina',
      '--generate-password',
    );
    let stop = false;
    const serverLoop = (async () => {
      while (!stop) await login('gina@example.test', made.password);
    })();
    const file = path.join(cli.dataDir, 'live-backup.db');
    const result = await cli.admin('db:backup', file);
    stop = true;
    await serverLoop;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('integrity ok');
    const copy = new SQLite(file, { readonly: true });
    try {
      const row = copy
        .prepare('select count(*) as n from users where usermail = ?')
        .get('gina@example.test') as { n: number };
      expect(row.n).toBe(1);
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('the server stops cleanly (job loop, then database)', async () => {
    expect(await server.stop()).toBe(0);
  });
});
