import type { Command } from 'commander';
import { isoTime } from '../db/dialect.js';
import type { JobStatus } from '../db/schema.js';
import { countJobs, findJob, listJobs, requeueFailed, type JobRow } from '../jobs/store.js';
import type { RunInstance } from './program.js';
import { CliError, printJson, printLine, printTable } from './output.js';
import { paging } from './users.js';

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'done', 'failed'];

function present(job: JobRow) {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    run_at: isoTime(job.run_at),
    unique_key: job.unique_key,
    last_error: job.last_error,
    locked_by: job.locked_by,
    created_at: isoTime(job.created_at),
    finished_at: isoTime(job.finished_at),
  };
}

function oneLine(text: string | null, max = 60): string {
  if (!text) return '-';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function registerJobCommands(program: Command, run: RunInstance): void {
  program
    .command('jobs:list')
    .description('list background jobs, newest first')
    .option('--failed', 'only failed jobs (same as --status failed)')
    .option('--status <status>', STATUSES.join(' | '))
    .option('--limit <n>', 'jobs per page (1-1000)', '50')
    .option('--offset <n>', 'jobs to skip', '0')
    .option('--json', 'answer in JSON')
    .action(
      async (options: {
        failed?: boolean;
        status?: string;
        limit?: string;
        offset?: string;
        json?: boolean;
      }) => {
        if (options.failed && options.status && options.status !== 'failed') {
          throw new CliError('--failed and --status disagree; give one of them');
        }
        const status = options.failed ? 'failed' : options.status;
        if (status !== undefined && !STATUSES.includes(status as JobStatus)) {
          throw new CliError(`--status must be one of ${STATUSES.join(', ')} (got "${status}")`);
        }
        const page = paging(options);
        await run(async (instance) => {
          const filter = status as JobStatus | undefined;
          const { jobs, total } = await instance.transaction(
            async (ctx) => ({
              jobs: await listJobs(ctx.database.db, { status: filter, ...page }),
              total: await countJobs(ctx.database.db, filter),
            }),
            'read',
          );
          const members = jobs.map(present);
          if (options.json) return printJson({ total, ...page, status: status ?? null, members });
          if (members.length === 0) {
            printLine(status ? `No ${status} jobs.` : 'No jobs.');
            return;
          }
          printTable(
            ['ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'RUN AT', 'LAST ERROR'],
            members.map((job) => [
              job.id,
              job.type,
              job.status,
              `${job.attempts}/${job.max_attempts}`,
              job.run_at ?? '-',
              oneLine(job.last_error),
            ]),
          );
          printLine(`${page.offset + 1}-${page.offset + members.length} of ${total}`);
        });
      },
    );

  program
    .command('jobs:retry')
    .description('queue failed jobs again, now, with their attempts counted afresh')
    .argument('[ids...]', 'ids of failed jobs')
    .option('--all-failed', 'every failed job')
    .option('--json', 'answer in JSON')
    .action(async (ids: string[], options: { allFailed?: boolean; json?: boolean }) => {
      if (options.allFailed && ids.length > 0) {
        throw new CliError('give job ids or --all-failed, not both');
      }
      if (!options.allFailed && ids.length === 0) {
        throw new CliError('give the ids of failed jobs, or --all-failed');
      }
      const numbers = ids.map((id) => {
        if (!/^\d+$/.test(id)) throw new CliError(`job id must be a number (got "${id}")`);
        return Number(id);
      });
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const { db, dialect } = ctx.database;
          for (const id of numbers) {
            const job = await findJob(db, id);
            if (!job) throw new CliError(`no job ${id}`);
            if (job.status !== 'failed') {
              throw new CliError(
                `job ${id} is ${job.status}, not failed; only failed jobs are retried`,
              );
            }
          }
          const requeued = await requeueFailed(db, dialect, options.allFailed ? 'all' : numbers);
          const skipped = options.allFailed ? [] : numbers.filter((id) => !requeued.includes(id));
          return { requeued, skipped };
        });
        if (options.json) return printJson(result);
        if (result.requeued.length === 0 && result.skipped.length === 0) {
          printLine('No failed jobs.');
          return;
        }
        if (result.requeued.length > 0) {
          printLine(`Queued again: ${result.requeued.join(', ')}`);
        }
        if (result.skipped.length > 0) {
          printLine(
            `Left failed (a newer job with the same key is waiting): ${result.skipped.join(', ')}`,
          );
        }
      });
    });
}
