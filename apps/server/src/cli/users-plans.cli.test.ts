import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeDb } from '../test/harness.js';
import { readBool, readCount, readJson } from '../db/dialect.js';
import { sha256 } from '../modules/auth/tokens.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';
import { migrateWithAccounts, userQueries } from './users-cli-harness.js';

const GB = 1024 ** 3;

// The commands run in this process (cli-harness.ts), one through the built binary; give a
// busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin users:* plans, storage, identity, password resets', () => {
  let cli: CliInstance;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await migrateWithAccounts(cli, [
      ['ada@example.test', 'Ada Lovelace'],
      ['bob@example.test', 'Bob'],
    ]);
  });
  afterAll(async () => {
    await cli?.close();
  });

  const { db, userRow } = userQueries(() => cli);

  it('users:grant-plan sets plan, rule flags and storage as an order would; free clears them', async () => {
    const ada = await userRow('ada@example.test');
    // Rules that are not plan rules stay as they were.
    await db()
      .updateTable('users')
      .set({ rules: cli.database().dialect.json({ admin: false }) })
      .where('id', '=', ada!.id)
      .execute();
    const bronze = await cli.json<{ rules: Record<string, boolean> }>(
      'users:grant-plan',
      'ada@example.test',
      'bronze',
    );
    expect(bronze.rules).toEqual({
      admin: false,
      has_subscription: true,
      bronze: true,
      silver: false,
      document_versioning: false,
    });
    let row = await userRow('ada@example.test');
    expect(row?.plan).toBe('bronze');
    expect(readJson(row?.rules, {})).toEqual(bronze.rules);
    const shown = await cli.json<{
      user_has_extended_subscription: boolean;
      user_has_professional_subscription: boolean;
      storage_usage: { product: number };
    }>('users:show', 'ada@example.test');
    expect(shown.user_has_extended_subscription).toBe(true);
    expect(shown.user_has_professional_subscription).toBe(false);
    expect(shown.storage_usage.product).toBe(10 * GB);

    await cli.json('users:grant-plan', 'ada@example.test', 'Silver');
    row = await userRow('ada@example.test');
    expect(row?.plan).toBe('silver');
    expect(readJson(row?.rules, {})).toEqual({
      admin: false,
      has_subscription: true,
      bronze: false,
      silver: true,
      document_versioning: false,
    });
    const silver = await cli.json<{ storage_usage: { product: number } }>(
      'users:show',
      'ada@example.test',
    );
    expect(silver.storage_usage.product).toBe(100 * GB);

    // the built binary: its exit code and stderr
    const bad = await cli.binary('users:grant-plan', 'ada@example.test', 'gold');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('plan must be one of free, bronze, silver (got "gold")');
    expect((await userRow('ada@example.test'))?.plan).toBe('silver');
    expect((await cli.admin('users:grant-plan', 'nobody@example.test', 'free')).code).toBe(1);

    const free = await cli.admin('users:grant-plan', 'ada@example.test', 'free');
    expect(free.stdout).toContain('now has the free plan');
    row = await userRow('ada@example.test');
    expect(row?.plan).toBe('free');
    expect(readJson(row?.rules, {})).toEqual({
      admin: false,
      has_subscription: false,
      bronze: false,
      silver: false,
      document_versioning: false,
    });
  });

  it('users:storage sets the add-on storage in whole GB', async () => {
    const answer = await cli.json<{ order_storage_bytes: number }>(
      'users:storage',
      'bob@example.test',
      '50',
    );
    expect(answer.order_storage_bytes).toBe(50 * GB);
    expect(readCount((await userRow('bob@example.test'))?.storage_order_bytes)).toBe(50 * GB);
    const shown = await cli.json<{
      storage_usage: { order_storage: number; leftover_storage: number };
    }>('users:show', 'bob@example.test');
    expect(shown.storage_usage).toMatchObject({
      order_storage: 50 * GB,
      leftover_storage: 51 * GB,
    });
    const bad = ['-1', '1.5', 'ten', '1000001'];
    const results = await Promise.all(
      bad.map((amount) => cli.admin('users:storage', 'bob@example.test', amount)),
    );
    results.forEach((result, i) => {
      expect(result.code, bad[i]).toBe(1);
      expect(result.stderr).toContain('GB must be a whole number');
    });
    expect(readCount((await userRow('bob@example.test'))?.storage_order_bytes)).toBe(50 * GB);
  });

  it('users:verify-identity marks the identity verified with the official name', async () => {
    const missing = await cli.admin('users:verify-identity', 'bob@example.test');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--official-name <name>'");
    const answer = await cli.json<{ user_identified: boolean }>(
      'users:verify-identity',
      'bob@example.test',
      '--official-name',
      'Robert Example',
    );
    expect(answer.user_identified).toBe(true);
    const bob = await userRow('bob@example.test');
    const profile = await db()
      .selectFrom('user_profiles')
      .selectAll()
      .where('user_id', '=', bob!.id)
      .executeTakeFirstOrThrow();
    expect(readBool(profile.user_identified)).toBe(true);
    expect(profile.name_official).toBe('Robert Example');
  });

  it('users:reset-password prints a one-time link for the web app reset page', async () => {
    const answer = await cli.json<{ link: string; expires_at: string }>(
      'users:reset-password',
      'bob@example.test',
    );
    const link = new URL(answer.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${cli.publicUrl}/auth/reset`);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);
    const reset = await db()
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    expect(reset?.user_id).toBe((await userRow('bob@example.test'))?.id);
    expect(reset?.used_at).toBeNull();
    expect(new Date(answer.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await cli.admin('users:reset-password', 'nobody@example.test')).code).toBe(1);
  });
});
