import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { isStrongPassword } from '@memoria/domain';
import { describeDb } from '../test/harness.js';
import { readBool } from '../db/dialect.js';
import { createPasswordHasher } from '../modules/auth/passwords.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';
import { userQueries } from './users-cli-harness.js';

// The commands run in this process (cli-harness.ts); usage, an unknown command and one
// users:create also run the built binary in a child process. Give a busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describeDb('memoria-admin users:* (in process; the binary for usage, exit codes)', () => {
  let cli: CliInstance;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
  });
  afterAll(async () => {
    await cli?.close();
  });

  const { db, userRow, userCount } = userQueries(() => cli);

  it('prints usage, per-command help, and refuses unknown commands (the binary and in this process)', async () => {
    for (const via of ['binary', 'admin'] as const) {
      const run = (...args: string[]) => cli[via](...args);
      const usage = await run();
      expect(usage.code).toBe(0);
      expect(usage.stdout).toContain('users:create');
      expect(usage.stdout).toContain('db:backup');
      const unknown = await run('users:frobnicate');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("unknown command 'users:frobnicate'");
    }
    const help = await cli.admin('users:create', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--generate-password');
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

    const text = await cli.binary(
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
});
