import { execFile } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E_BASE_URL, E2E_ROOT } from './env.js';
import { step } from './steps.js';

const run = promisify(execFile);
const ADMIN_JS = join(E2E_ROOT, '../apps/server/dist/admin.js');

/**
 * Runs the built operator command line (memoria-admin) on the instance the journeys' server
 * uses: global-setup hands its DATA_DIR over in E2E_DATA_DIR. Answers the parsed --json output.
 */
export function admin<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  return step('cli', args.join(' '), () => runAdmin<T>(args));
}

async function runAdmin<T>(args: string[]): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through global-setup');
  try {
    const { stdout } = await run(process.execPath, [ADMIN_JS, ...args, '--json'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: E2E_BASE_URL,
      },
    });
    return JSON.parse(stdout) as T;
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`memoria-admin ${args.join(' ')} failed: ${failed.stderr ?? failed.message}`);
  }
}

/** Sets the plan with its rules as a paid order would (users:grant-plan). */
export async function grantPlan(usermail: string, plan: 'free' | 'bronze' | 'silver') {
  return admin<{ plan: string; rules: Record<string, boolean> }>(
    'users:grant-plan',
    usermail,
    plan,
  );
}

/** Marks the identity verified, as the external identity check would. */
export async function verifyIdentity(usermail: string, officialName: string) {
  return admin('users:verify-identity', usermail, '--official-name', officialName);
}

/**
 * Gives an account a public profile and turns it on, as the profile settings (a later
 * issue) will allow: a fixture written straight into the journeys' SQLite database.
 */
export function makeProfilePublic(userId: number): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through global-setup');
  const db = new SQLite(join(dataDir, 'memoria.db'));
  try {
    db.prepare(
      'update user_profiles set user_has_public_profile = 1, public_profile_enabled = 1 where user_id = ?',
    ).run(userId);
  } finally {
    db.close();
  }
}

/** An operator-made workspace (workspaces:create) owned and administered by `ownerEmail`. */
export function createWorkspace(
  ownerEmail: string,
  name: string,
  options: { type?: 'group' | 'workspace'; maximumUsers?: number } = {},
) {
  return admin<{ id: number; name: string; secure_token: string }>(
    'workspaces:create',
    '--name',
    name,
    '--owner',
    ownerEmail,
    '--type',
    options.type ?? 'workspace',
    ...(options.maximumUsers === undefined
      ? []
      : ['--maximum-users', String(options.maximumUsers)]),
  );
}
