import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { AppConfig } from '../config.js';
import { sqliteDriver } from '../db/drivers.js';
import { migrateToLatest, migrationStatus } from '../db/migrate.js';
import type { RunInstance } from './program.js';
import { CliError, EXIT, formatBytes, printJson, printLine, printTable } from './output.js';

/** Where the data lives, without a password. */
export function describeDatabase(config: AppConfig): string {
  const target = config.database;
  if (target.kind === 'sqlite') return `SQLite ${target.file}`;
  try {
    const url = new URL(target.url);
    url.password = '';
    const schema = target.schema ? ` (schema ${target.schema})` : '';
    return `PostgreSQL ${url.toString()}${schema}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * SQLite's online backup: a consistent copy while the server keeps writing. Written next to
 * the destination first and renamed, so a failed backup never leaves a partial file behind.
 */
async function backupSqlite(source: string, destination: string): Promise<number> {
  const partial = `${destination}.partial-${process.pid}`;
  const removePartial = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      fs.rmSync(`${partial}${suffix}`, { force: true });
    }
  };
  try {
    const connection = new (sqliteDriver())(source, { fileMustExist: true });
    try {
      connection.pragma('busy_timeout = 5000');
      await connection.backup(partial);
    } finally {
      connection.close();
    }
    // One self-contained file (no -wal/-shm beside it), checked before it takes the name.
    const copy = new (sqliteDriver())(partial);
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') {
        throw new CliError(`the backup failed its integrity check: ${String(check)}`);
      }
    } finally {
      copy.close();
    }
    fs.renameSync(partial, destination);
  } catch (error) {
    removePartial();
    throw error;
  }
  return fs.statSync(destination).size;
}

export function registerDbCommands(program: Command, run: RunInstance): void {
  program
    .command('db:migrate')
    .description('apply pending migrations (the server also does this when it starts)')
    .option('--json', 'answer in JSON')
    .action(async (options: { json?: boolean }) => {
      await run(
        async (instance) => {
          const applied = await migrateToLatest(instance.database);
          if (options.json) return printJson({ applied });
          if (applied.length === 0) printLine('The database is up to date.');
          else printLine(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
        },
        { requireMigrated: false, createDatabase: true },
      );
    });

  program
    .command('db:status')
    .description('list migrations, applied and pending')
    .option('--json', 'answer in JSON')
    .action(async (options: { json?: boolean }) => {
      await run(
        async (instance) => {
          const migrations = await migrationStatus(instance.database);
          const applied = migrations.filter((m) => m.appliedAt !== null);
          const pending = migrations.filter((m) => m.appliedAt === null);
          if (options.json) {
            return printJson({
              database: instance.config.database.kind,
              applied: applied.map((m) => ({
                name: m.name,
                applied_at: m.appliedAt?.toISOString() ?? null,
              })),
              pending: pending.map((m) => m.name),
            });
          }
          printLine(describeDatabase(instance.config));
          printTable(
            ['MIGRATION', 'STATUS', 'APPLIED AT'],
            migrations.map((m) => [
              m.name,
              m.appliedAt ? 'applied' : 'pending',
              m.appliedAt?.toISOString() ?? '-',
            ]),
          );
          printLine(`${applied.length} applied, ${pending.length} pending.`);
        },
        { requireMigrated: false },
      );
    });

  program
    .command('db:backup')
    .description(
      'SQLite: write a consistent copy of the database to <file>, also while the server runs. ' +
        `PostgreSQL: print how to back up with pg_dump and exit with ${EXIT.backupUnsupported}`,
    )
    .argument('<file>', 'where to write the copy')
    .option('--force', 'replace <file> if it exists')
    .option('--json', 'answer in JSON')
    .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
      const destination = path.resolve(file);
      await run(
        async (instance) => {
          const target = instance.config.database;
          if (target.kind === 'postgres') {
            const schema = target.schema ? ` --schema=${target.schema}` : '';
            const dump = `pg_dump --format=custom${schema} --file=${JSON.stringify(destination)} "$DATABASE_URL"`;
            const restore = `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${JSON.stringify(destination)}`;
            if (options.json) {
              printJson({ written: false, database: 'postgres', backup: dump, restore });
            } else {
              printLine('This instance uses PostgreSQL: db:backup copies SQLite files only.');
              printLine(
                'Back it up with pg_dump (a consistent snapshot, also while the server runs):',
              );
              printLine(`  ${dump}`);
              printLine('Restore into an empty database with:');
              printLine(`  ${restore}`);
            }
            throw new CliError('no backup written (PostgreSQL)', EXIT.backupUnsupported);
          }
          if (path.resolve(target.file) === destination) {
            throw new CliError('<file> is the database itself; choose another path');
          }
          if (!fs.existsSync(path.dirname(destination))) {
            throw new CliError(`folder ${path.dirname(destination)} does not exist`);
          }
          if (fs.existsSync(destination)) {
            if (!options.force)
              throw new CliError(`${destination} exists; add --force to replace it`);
            fs.rmSync(destination);
          }
          const bytes = await backupSqlite(target.file, destination);
          if (options.json) return printJson({ written: true, file: destination, bytes });
          printLine(
            `Backed up ${target.file} to ${destination} (${formatBytes(bytes)}, integrity ok).`,
          );
        },
        { requireMigrated: false },
      );
    });
}
