import type { Command } from 'commander';
import { z } from 'zod';
import { WORKSPACE_TYPES, workspaceCreateSchema, type WorkspaceType } from '@memoria/domain';
import { createUserAdminService } from '../modules/users/admin-service.js';
import { createWorkspaceService } from '../modules/workspaces/index.js';
import type { RunInstance } from './program.js';
import { CliError, parseArg, printJson, printLine } from './output.js';
import { requireUser } from './users.js';

const maximumUsersSchema = z.coerce
  .number()
  .int('a whole number')
  .min(1, 'at least 1')
  .max(1_000_000, 'at most 1000000');

/**
 * Workspaces for operators and tests (docs/notes/workspaces.md): what a workspace plan's
 * purchase does, without the purchase. The owner becomes a main user and its admin.
 */
export function registerWorkspaceCommands(program: Command, run: RunInstance): void {
  program
    .command('workspaces:create')
    .description('create a workspace or group owned and administered by an existing account')
    .requiredOption('--name <name>', 'the workspace name (at least 3 characters)')
    .requiredOption('--owner <email|id>', 'the account that administers it')
    .option('--type <type>', `${WORKSPACE_TYPES.join(' or ')}`, 'workspace')
    .option('--maximum-users <n>', 'how many members it takes (no limit when left out)')
    .option('--json', 'answer in JSON')
    .action(
      async (options: {
        name: string;
        owner: string;
        type: string;
        maximumUsers?: string;
        json?: boolean;
      }) => {
        if (!(WORKSPACE_TYPES as readonly string[]).includes(options.type)) {
          throw new CliError(
            `--type: one of ${WORKSPACE_TYPES.join(', ')} (got "${options.type}")`,
          );
        }
        const { name } = parseArg(
          workspaceCreateSchema,
          { name: options.name, workspace_type: options.type },
          '--name',
        );
        const maximumUsers =
          options.maximumUsers === undefined
            ? null
            : parseArg(maximumUsersSchema, options.maximumUsers, '--maximum-users');
        await run(async (instance) => {
          const made = await instance.transaction(async (ctx) => {
            const owner = await requireUser(createUserAdminService(ctx), options.owner);
            if (owner.user_type === 'workspace') {
              throw new CliError('the owner must be a person, not a workspace');
            }
            return createWorkspaceService(ctx).createIn(ctx.database.db, {
              name,
              workspaceType: options.type as WorkspaceType,
              ownerId: owner.id,
              maximumUsers,
            });
          });
          const answer = {
            ...made.created,
            owner: options.owner,
            maximum_users: maximumUsers,
            delegation_id: made.delegationId,
          };
          if (options.json) return printJson(answer);
          printLine(
            `Created ${answer.workspace_type} "${answer.name}" (account ${answer.id}), ` +
              `administered by ${options.owner}` +
              (maximumUsers === null ? '.' : `, for at most ${maximumUsers} members.`),
          );
        });
      },
    );
}
