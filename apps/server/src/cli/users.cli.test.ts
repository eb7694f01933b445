import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { isStrongPassword } from '@memoria/domain';
import { describeDb } from '../test/harness.js';
import { readBool, readCount, readJson } from '../db/dialect.js';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { insertSession } from '../modules/auth/session-store.js';
import { sha256 } from '../modules/auth/tokens.js';
import { buildBundle, createCliInstance, type Bundle, type CliInstance } from './cli-harness.js';

const GB = 1024 ** 3;

// Every step starts a Node process; give a busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin users:* (the real command line, child processes)', () => {
  let bundle: Bundle;
  let cli: CliInstance;

  beforeAll(async () => {
    bundle = await buildBundle();
    cli = await createCliInstance(bundle);
  });
  afterAll(async () => {
    await cli?.close();
    bundle?.remove();
  });

  const db = () => cli.database().db;
  const userRow = (usermail: string) =>
    db().selectFrom('users').selectAll().where('usermail', '=', usermail).executeTakeFirst();
  const userCount = async () =>
    readCount(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('prints usage, per-command help, and refuses unknown commands', async () => {
    const usage = await cli.admin();
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain('users:create');
    expect(usage.stdout).toContain('db:backup');
    const help = await cli.admin('users:create', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--generate-password');
    const unknown = await cli.admin('users:frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown command 'users:frobnicate'");
  });

  it('refuses to act before the database exists or is migrated; db:migrate prepares it', async () => {
    const early = await cli.admin('users:list');
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/no database at|not up to date/);
    const migrated = await cli.json<{ applied: string[] }>('db:migrate');
    expect(migrated.applied).toContain('0006_jobs_and_plans');
    expect((await cli.json<{ applied: string[] }>('db:migrate')).applied).toEqual([]);
    const status = await cli.json<{ applied: Array<{ name: string }>; pending: string[] }>(
      'db:status',
    );
    expect(status.pending).toEqual([]);
    expect(status.applied.map((m) => m.name)).toContain('0001_users_sessions');
    const text = await cli.admin('db:status');
    expect(text.stdout).toMatch(/0006_jobs_and_plans\s+applied/);
  });

  it('users:create makes an activated account with the given or a generated password', async () => {
    const made = await cli.json<{ id: number; password: string }>(
      'users:create',
      'Ada@Example.test',
      '--name',
      'Ada Lovelace',
      '--generate-password',
      '--locale',
      'nl',
      '--country',
      'be',
    );
    expect(isStrongPassword(made.password)).toBe(true);
    const row = await userRow('ada@example.test');
    expect(row?.id).toBe(made.id);
    expect(readBool(row?.is_active)).toBe(true);
    expect(row?.activated_at).not.toBeNull();
    const hasher = createPasswordHasher('standard');
    expect(await hasher.verify(row!.password_hash, made.password)).toBe(true);
    const profile = await db()
      .selectFrom('user_profiles')
      .selectAll()
      .where('user_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ name: 'Ada Lovelace', locale: 'nl', country: 'BE' });

    const text = await cli.admin(
      'users:create',
      'bob@example.test',
      '--name',
      'Bob',
      '--password',
      'Bob-pass-1',
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Created account #\d+ bob@example.test \(Bob\), activated/);
    expect(text.stdout).not.toContain('Bob-pass-1');
    const bob = await userRow('bob@example.test');
    expect(await hasher.verify(bob!.password_hash, 'Bob-pass-1')).toBe(true);
  });

  it('users:create refuses bad input with a clear message and creates nothing', async () => {
    const before = await userCount();
    const cases: Array<[string[], RegExp]> = [
      [['ada@example.test', '--name', 'Again', '--generate-password'], /already exists/],
      [
        ['not-an-email', '--name', 'X', '--generate-password'],
        /email: You must input a valid email/,
      ],
      [['x@example.test', '--name', 'X', '--password', 'weak'], /--password: The password needs/],
      [['x@example.test', '--name', 'X'], /--password <password> or --generate-password/],
      [
        ['x@example.test', '--name', 'X', '--password', 'Strong-pass1', '--generate-password'],
        /not both/,
      ],
      [
        ['x@example.test', '--name', 'X', '--generate-password', '--locale', 'xx'],
        /--locale: one of en, nl/,
      ],
      [['x@example.test', '--name', '  ', '--generate-password'], /--name: This value is required/],
      [['x@example.test', '--generate-password'], /required option '--name <name>'/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli.admin('users:create', ...args)));
    results.forEach((result, i) => {
      const [args, message] = cases[i]!;
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(message);
    });
    expect(await userCount()).toBe(before);
  });

  it('users:list pages in the database and searches email and name', async () => {
    // One after the other, so the ids (the listing order) are known.
    for (const [email, name] of [
      ['carol@example.test', 'Carol 100% Real'],
      ['dave@other.test', 'Dave'],
    ] as const) {
      await cli.json('users:create', email, '--name', name, '--generate-password');
    }
    const all = await cli.json<{ total: number; members: Array<{ usermail: string }> }>(
      'users:list',
    );
    expect(all.total).toBe(4);
    expect(all.members.map((m) => m.usermail)).toEqual([
      'ada@example.test',
      'bob@example.test',
      'carol@example.test',
      'dave@other.test',
    ]);
    const page = await cli.json<{ total: number; members: Array<{ usermail: string }> }>(
      'users:list',
      '--limit',
      '2',
      '--offset',
      '1',
    );
    expect(page.total).toBe(4);
    expect(page.members.map((m) => m.usermail)).toEqual(['bob@example.test', 'carol@example.test']);
    const byName = await cli.json<{ total: number; members: Array<{ usermail: string }> }>(
      'users:list',
      '--search',
      'LOVELACE',
    );
    expect(byName.members.map((m) => m.usermail)).toEqual(['ada@example.test']);
    // % is a character to look for, not a wildcard.
    const percent = await cli.json<{ members: Array<{ usermail: string }> }>(
      'users:list',
      '--search',
      '100%',
    );
    expect(percent.members.map((m) => m.usermail)).toEqual(['carol@example.test']);
    const byDomain = await cli.json<{ total: number }>('users:list', '--search', '@other');
    expect(byDomain.total).toBe(1);
    const text = await cli.admin('users:list', '--search', 'example.test');
    expect(text.stdout).toMatch(/ID\s+EMAIL\s+NAME\s+PLAN\s+STATUS/);
    expect(text.stdout).toContain('1-3 of 3');
    const bad = await cli.admin('users:list', '--limit', '0');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--limit: a whole number from 1 to 1000');
  });

  it('users:show answers by email or id, and names an unknown account', async () => {
    const ada = await userRow('ada@example.test');
    const byId = await cli.json<{ usermail: string; plan: string; live_sessions: number }>(
      'users:show',
      String(ada!.id),
    );
    expect(byId).toMatchObject({ usermail: 'ada@example.test', plan: 'free', live_sessions: 0 });
    const text = await cli.admin('users:show', 'ADA@example.test');
    expect(text.stdout).toMatch(/email:\s+ada@example.test/);
    expect(text.stdout).toMatch(/plan:\s+free/);
    const unknown = await cli.admin('users:show', 'nobody@example.test');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account with email or id "nobody@example.test"');
  });

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
    });
    const silver = await cli.json<{ storage_usage: { product: number } }>(
      'users:show',
      'ada@example.test',
    );
    expect(silver.storage_usage.product).toBe(100 * GB);

    const bad = await cli.admin('users:grant-plan', 'ada@example.test', 'gold');
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
    const gone = await cli.admin('users:delete', 'dave@other.test', '--yes');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('no account with email or id');
  });
});
