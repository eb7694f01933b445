import { readCount } from '../db/dialect.js';
import type { CliInstance } from './cli-harness.js';

/** What the users:* command-line tests (users*.cli.test.ts) read back from the database. */
export function userQueries(cli: () => CliInstance) {
  const db = () => cli().database().db;
  return {
    db,
    userRow: (usermail: string) =>
      db().selectFrom('users').selectAll().where('usermail', '=', usermail).executeTakeFirst(),
    userCount: async () =>
      readCount(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
  };
}

/**
 * Migrates the instance and creates the accounts a later users:* file starts from (the first
 * file, users.cli.test.ts, makes them through the commands it tests).
 */
export async function migrateWithAccounts(
  cli: CliInstance,
  accounts: ReadonlyArray<readonly [usermail: string, name: string]>,
): Promise<void> {
  await cli.json('db:migrate');
  // One after the other, so the ids follow the list.
  for (const [usermail, name] of accounts) {
    await cli.json('users:create', usermail, '--name', name, '--generate-password');
  }
}
