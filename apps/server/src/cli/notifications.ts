import type { Command } from 'commander';
import { z } from 'zod';
import { dispatchAfterCommit, recordActivities } from '../events/index.js';
import type { RunInstance } from './program.js';
import { CliError, parseArg, printJson, printLine } from './output.js';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const route = z
  .string()
  .trim()
  .max(1000)
  .regex(/^\/(?!\/)/, 'must be a path of the web app, starting with / (e.g. /discover)');
const userIds = z.array(z.coerce.number().int().positive()).min(1);

/** Events per dispatch job: the server loads and delivers one job's events at a time. */
const PER_JOB = 1000;

/**
 * An operator's announcement as a system notification (docs/DOMAIN.md, Entities: title,
 * description, url) in the lists of the people named, or of every active account. The rows are
 * written here; the running server's job runner delivers them (socket, push, e-mail) like any
 * other.
 */
export function registerNotificationCommands(program: Command, run: RunInstance): void {
  program
    .command('notifications:system')
    .description('put a system notification in the lists of some or all accounts')
    .requiredOption('--title <title>', 'the notification title')
    .requiredOption('--description <text>', 'the notification text')
    .option('--url <path>', 'the page the notification opens')
    .option('--user <ids...>', 'user ids to notify')
    .option('--all', 'notify every active account')
    .option('--json', 'answer in JSON')
    .action(
      async (options: {
        title: string;
        description: string;
        url?: string;
        user?: string[];
        all?: boolean;
        json?: boolean;
      }) => {
        const payload = {
          title: parseArg(text(120), options.title, '--title'),
          description: parseArg(text(1000), options.description, '--description'),
          ...(options.url ? { url: parseArg(route, options.url, '--url') } : {}),
        };
        if (Boolean(options.all) === Boolean(options.user)) {
          throw new CliError('give either --user <ids...> or --all');
        }
        const named = options.user ? parseArg(userIds, options.user, '--user') : undefined;
        await run(async (instance) => {
          const notified = await instance.transaction(async (ctx) => {
            const { db } = ctx.database;
            let query = db
              .selectFrom('users')
              .select('id')
              .where('is_active', '=', ctx.database.dialect.bool(true))
              .where('disabled_at', 'is', null);
            if (named) query = query.where('id', 'in', named);
            const people = (await query.orderBy('id').execute()).map((row) => row.id);
            const ids = await recordActivities(
              db,
              people.map((recipientUserId) => ({
                type: 'system_notification',
                actorUserId: null,
                recipientUserId,
                payload,
              })),
            );
            for (let start = 0; start < ids.length; start += PER_JOB) {
              await dispatchAfterCommit(db, ids.slice(start, start + PER_JOB), ctx);
            }
            return people.length;
          });
          if (options.json) return printJson({ notified });
          printLine(`put the notification in ${notified} list(s); the server delivers it`);
        });
      },
    );
}
