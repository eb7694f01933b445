import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { readBool } from '../db/dialect.js';
import { insertSession } from '../modules/auth/session-store.js';
import { sha256 } from '../modules/auth/tokens.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';
import { migrateWithAccounts, userQueries } from './users-cli-harness.js';

// The commands run in this process (cli-harness.ts), one through the built binary; give a
// busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin users:* second factor, disabling and deleting', () => {
  let cli: CliInstance;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await migrateWithAccounts(cli, [
      ['ada@example.test', 'Ada Lovelace'],
      ['bob@example.test', 'Bob'],
      ['carol@example.test', 'Carol 100% Real'],
      ['dave@other.test', 'Dave'],
    ]);
  });
  afterAll(async () => {
    await cli?.close();
  });

  const { db, userRow, userCount } = userQueries(() => cli);

  it('users:disable-2fa turns the second factor off and drops the backup codes', async () => {
    const bob = await userRow('bob@example.test');
    const { dialect } = cli.database();
    await db()
      .updateTable('users')
      .set({
        two_factor_enabled: dialect.bool(true),
        two_factor_method: 'totp',
        two_factor_secret: 'S',
      })
      .where('id', '=', bob!.id)
      .execute();
    await db()
      .insertInto('backup_codes')
      .values({
        user_id: bob!.id,
        code_hash: 'h',
        used_at: null,
        created_at: dialect.time(new Date()),
      })
      .execute();
    const answer = await cli.json<{ was_enabled: boolean }>(
      'users:disable-2fa',
      'bob@example.test',
    );
    expect(answer.was_enabled).toBe(true);
    const row = await userRow('bob@example.test');
    expect(readBool(row?.two_factor_enabled)).toBe(false);
    expect(row?.two_factor_secret).toBeNull();
    const codes = await db()
      .selectFrom('backup_codes')
      .select('id')
      .where('user_id', '=', bob!.id)
      .execute();
    expect(codes).toEqual([]);
    const again = await cli.admin('users:disable-2fa', 'bob@example.test');
    expect(again.stdout).toContain('already off');
  });

  it('users:disable ends every session at once; users:enable lets the account in again', async () => {
    const carol = await userRow('carol@example.test');
    const { dialect } = cli.database();
    const sessionId = await insertSession(
      db(),
      dialect,
      {
        userId: carol!.id,
        scope: 'full',
        expiresAt: new Date(Date.now() + 86_400_000),
        userAgent: null,
      },
      sha256('refresh-carol'),
    );
    const disabled = await cli.json<{ changed: boolean }>('users:disable', 'carol@example.test');
    expect(disabled.changed).toBe(true);
    expect((await userRow('carol@example.test'))?.disabled_at).not.toBeNull();
    const session = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst();
    expect(session?.revoked_at).not.toBeNull();
    expect((await cli.admin('users:disable', 'carol@example.test')).stdout).toContain(
      'already disabled',
    );
    const list = await cli.admin('users:list', '--search', 'carol');
    expect(list.stdout).toMatch(/carol@example.test.*disabled/);

    const enabled = await cli.json<{ changed: boolean }>('users:enable', 'carol@example.test');
    expect(enabled.changed).toBe(true);
    expect((await userRow('carol@example.test'))?.disabled_at).toBeNull();
    expect((await cli.admin('users:enable', 'carol@example.test')).stdout).toContain(
      'already enabled',
    );
  });

  it('users:delete needs --yes, then removes the account, what it owns and its files', async () => {
    const dave = await userRow('dave@other.test');
    const carol = await userRow('carol@example.test');
    const { dialect } = cli.database();
    const now = dialect.time(new Date());
    const later = new Date(Date.now() + 86_400_000);
    await insertSession(
      db(),
      dialect,
      { userId: dave!.id, scope: 'full', expiresAt: later, userAgent: null },
      sha256('d1'),
    );
    await insertSession(
      db(),
      dialect,
      { userId: carol!.id, scope: 'full', expiresAt: later, userAgent: null },
      sha256('c1'),
    );
    // A delegation between the two: it goes with either account.
    await db()
      .insertInto('account_delegations')
      .values({
        account_user_id: carol!.id,
        delegate_user_id: dave!.id,
        rules: dialect.json({}),
        secure_token_hash: sha256('delegation'),
        created_at: now,
        revoked_at: null,
      })
      .execute();
    const media = path.join(cli.dataDir, 'media', String(dave!.id));
    fs.mkdirSync(path.join(media, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(media, 'photos', 'a.webp'), 'x');
    fs.writeFileSync(path.join(media, 'b.pdf'), 'y');
    const otherMedia = path.join(cli.dataDir, 'media', String(carol!.id));
    fs.mkdirSync(otherMedia, { recursive: true });

    const carolSessionsBefore = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', carol!.id)
      .execute();
    const refused = await cli.admin('users:delete', 'dave@other.test');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('add --yes to confirm');
    expect(await userRow('dave@other.test')).toBeDefined();

    const answer = await cli.json<{ removed: Record<string, number> }>(
      'users:delete',
      'dave@other.test',
      '--yes',
    );
    expect(answer.removed).toEqual({
      users: 1,
      user_profiles: 1,
      sessions: 1,
      refresh_tokens: 1,
      account_delegations: 1,
      files: 2,
    });
    expect(await userRow('dave@other.test')).toBeUndefined();
    expect(fs.existsSync(media)).toBe(false);
    // Nothing of anybody else went.
    expect(fs.existsSync(otherMedia)).toBe(true);
    const carolSessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', carol!.id)
      .execute();
    expect(carolSessions).toEqual(carolSessionsBefore);
    expect(carolSessions.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(3);
    // the built binary: its exit code and stderr
    const gone = await cli.binary('users:delete', 'dave@other.test', '--yes');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('no account with email or id');
  });
});
