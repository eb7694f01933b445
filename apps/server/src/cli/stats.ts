import type { Command } from 'commander';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { readCount } from '../db/dialect.js';
import { countJobsByStatus } from '../jobs/store.js';
import { createUserAdminService } from '../modules/users/admin-service.js';
import type { RunInstance } from './program.js';
import { formatBytes, printFields, printJson } from './output.js';

/**
 * Rows in `table`, or 0 when this database has no such table (yet): stats reads tables of
 * other modules without depending on which of them are installed.
 */
async function countIfTable(database: Database, table: string): Promise<number> {
  const { db, dialect } = database;
  const exists =
    dialect.name === 'sqlite'
      ? sql<{
          n: unknown;
        }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`
      : sql<{
          n: unknown;
        }>`select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relname = ${table} and c.relkind in ('r', 'p') and s.nspname = current_schema()`;
  if (readCount((await exists.execute(db)).rows[0]?.n) === 0) return 0;
  const { rows } = await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return readCount(rows[0]?.n);
}

export function registerStatsCommand(program: Command, run: RunInstance): void {
  program
    .command('stats')
    .description('counts: accounts, memos, collections, storage used, jobs pending and failed')
    .option('--json', 'answer in JSON')
    .action(async (options: { json?: boolean }) => {
      await run(async (instance) => {
        const stats = await instance.transaction(async (ctx) => {
          const users = await createUserAdminService(ctx).totals();
          const jobs = await countJobsByStatus(ctx.database.db);
          return {
            users: { total: users.total, active: users.active, disabled: users.disabled },
            memos: await countIfTable(ctx.database, 'memos'),
            collections: await countIfTable(ctx.database, 'collections'),
            storage_used_bytes: users.storageUsed,
            jobs: { pending: jobs.queued, running: jobs.running, failed: jobs.failed },
          };
        }, 'read');
        if (options.json) return printJson(stats);
        printFields([
          [
            'accounts',
            `${stats.users.total} (${stats.users.active} activated, ${stats.users.disabled} disabled)`,
          ],
          ['memos', stats.memos],
          ['collections', stats.collections],
          ['storage used', formatBytes(stats.storage_used_bytes)],
          ['jobs pending', stats.jobs.pending],
          ['jobs running', stats.jobs.running],
          ['jobs failed', stats.jobs.failed],
        ]);
      });
    });
}
