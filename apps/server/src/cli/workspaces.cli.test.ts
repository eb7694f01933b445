import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { readJson } from '../db/dialect.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';
import { migrateWithAccounts, userQueries } from './users-cli-harness.js';

// The commands run in this process (cli-harness.ts); give a busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin workspaces:create', () => {
  let cli: CliInstance;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await migrateWithAccounts(cli, [['owner@example.test', 'Olive Owner']]);
  });
  afterAll(async () => {
    await cli?.close();
  });

  const { db, userRow } = userQueries(() => cli);

  it('makes the workspace with its limit, the owner a main user holding an admin delegation', async () => {
    const made = await cli.json<{ id: number; workspace_type: string; secure_token: string }>(
      'workspaces:create',
      '--name',
      'Harbour',
      '--owner',
      'owner@example.test',
      '--type',
      'group',
      '--maximum-users',
      '2',
    );
    expect(made).toMatchObject({ workspace_type: 'group', secure_token: expect.any(String) });
    const workspace = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirst();
    expect(workspace).toMatchObject({ user_type: 'workspace', workspace_type: 'group' });
    expect(readJson(workspace?.rules, {})).toEqual({ maximum_users: 2 });
    const owner = await userRow('owner@example.test');
    expect(owner?.user_type).toBe('main');
    const delegation = await db()
      .selectFrom('account_delegations')
      .selectAll()
      .where('account_user_id', '=', made.id)
      .executeTakeFirst();
    expect(delegation?.delegate_user_id).toBe(owner?.id);
    expect(readJson<{ admin?: boolean }>(delegation?.rules, {}).admin).toBe(true);
  });

  it.each([
    // the built binary: its exit code and stderr
    [['--name', 'ab', '--owner', 'owner@example.test'], 'at least 3 characters', 'binary'],
    [['--name', 'Fine', '--owner', 'nobody@example.test'], 'nobody@example.test'],
    [['--name', 'Fine', '--owner', 'owner@example.test', '--type', 'team'], '--type'],
    [
      ['--name', 'Fine', '--owner', 'owner@example.test', '--maximum-users', '0'],
      '--maximum-users',
    ],
  ] as Array<[string[], string, 'binary'?]>)('refuses %j', async (args, message, via) => {
    const before = await db().selectFrom('users').select('id').execute();
    const result = await cli[via ?? 'admin']('workspaces:create', ...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect(await db().selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });
});
