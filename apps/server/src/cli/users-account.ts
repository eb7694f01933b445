import type { Command } from 'commander';
import { readBool } from '../db/dialect.js';
import { createAuthDeps } from '../modules/auth/deps.js';
import { createPasswordService } from '../modules/auth/password-service.js';
import { createUserAdminService, removeUserFiles } from '../modules/users/admin-service.js';
import type { RunInstance } from './program.js';
import { CliError, printJson, printLine, printTable } from './output.js';
import { requireUser } from './users.js';

/** Commands that act on an account's access: passwords, second factor, disabling, deletion. */
export function registerAccountCommands(program: Command, run: RunInstance): void {
  program
    .command('users:reset-password')
    .description(
      'create a one-time password reset link (as "forgot password" does) and print it; ' +
        'nothing is mailed',
    )
    .argument('<email|id>', 'email address or numeric id')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { json?: boolean }) => {
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const deps = createAuthDeps(ctx);
          const user = await requireUser(createUserAdminService(ctx), reference);
          const reset = await createPasswordService(deps).issueResetLink(user.id);
          return { user, ...reset };
        });
        const answer = {
          id: result.user.id,
          usermail: result.user.usermail,
          link: result.link,
          expires_at: result.expiresAt.toISOString(),
          disabled: result.user.disabled_at !== null,
        };
        if (options.json) return printJson(answer);
        printLine(`One-time password reset link for ${answer.usermail}:`);
        printLine(answer.link);
        printLine(`Valid until ${answer.expires_at}; it works once.`);
        if (answer.disabled) {
          printLine('Note: the account is disabled; it cannot sign in until users:enable.');
        }
      });
    });

  program
    .command('users:disable-2fa')
    .description('turn two-factor sign-in off (and drop backup codes), e.g. after a lost phone')
    .argument('<email|id>', 'email address or numeric id')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { json?: boolean }) => {
      // Loaded on demand: the TOTP and QR code libraries are needed by this command only.
      const { createTwoFactorService } = await import('../modules/auth/two-factor-service.js');
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const deps = createAuthDeps(ctx);
          const user = await requireUser(createUserAdminService(ctx), reference);
          const wasOn = readBool(user.two_factor_enabled);
          await createTwoFactorService(deps, createPasswordService(deps)).turnOff(user.id);
          return { user, wasOn };
        });
        const answer = {
          id: result.user.id,
          usermail: result.user.usermail,
          two_factor_authentication: false,
          was_enabled: result.wasOn,
        };
        if (options.json) return printJson(answer);
        printLine(
          result.wasOn
            ? `Two-factor sign-in is off for ${answer.usermail}; backup codes removed.`
            : `Two-factor sign-in was already off for ${answer.usermail}.`,
        );
      });
    });

  for (const disable of [true, false]) {
    program
      .command(disable ? 'users:disable' : 'users:enable')
      .description(
        disable
          ? 'refuse sign-in and end every session of the account at once'
          : 'allow a disabled account to sign in again',
      )
      .argument('<email|id>', 'email address or numeric id')
      .option('--json', 'answer in JSON')
      .action(async (reference: string, options: { json?: boolean }) => {
        await run(async (instance) => {
          const result = await instance.transaction(async (ctx) => {
            const admin = createUserAdminService(ctx);
            const user = await requireUser(admin, reference);
            const wasDisabled = user.disabled_at !== null;
            if (disable && !wasDisabled) await admin.disable(user);
            if (!disable && wasDisabled) await admin.enable(user);
            return { user, changed: disable !== wasDisabled };
          });
          const answer = {
            id: result.user.id,
            usermail: result.user.usermail,
            disabled: disable,
            changed: result.changed,
          };
          if (options.json) return printJson(answer);
          const state = disable ? 'disabled' : 'enabled';
          printLine(
            result.changed
              ? `${answer.usermail} is ${state}${disable ? '; its sessions have ended' : ''}.`
              : `${answer.usermail} was already ${state}.`,
          );
        });
      });
  }

  program
    .command('users:delete')
    .description(
      'delete the account and everything it owns (memos, collections, connections, tokens, ' +
        'files) for good',
    )
    .argument('<email|id>', 'email address or numeric id')
    .option('--yes', 'confirm: this cannot be undone')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { yes?: boolean; json?: boolean }) => {
      if (!options.yes) {
        throw new CliError(
          'users:delete removes the account and everything it owns for good; add --yes to confirm',
        );
      }
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const admin = createUserAdminService(ctx);
          const user = await requireUser(admin, reference);
          return { user, ...(await admin.deleteAccount(user)) };
        });
        // Files go once the rows are gone for sure: a file cannot be rolled back.
        let files: number;
        try {
          files = await removeUserFiles(instance.context(), result.user.id, result.transferFiles);
        } catch (error) {
          throw new CliError(
            `the account was deleted, but removing its files failed: ${(error as Error).message}`,
          );
        }
        const answer = {
          id: result.user.id,
          usermail: result.user.usermail,
          removed: { ...result.removed, files },
        };
        if (options.json) return printJson(answer);
        printLine(`Deleted account #${answer.id} ${answer.usermail}. Removed:`);
        printTable(
          ['WHAT', 'COUNT'],
          Object.entries(answer.removed).map(([what, count]) => [what, count]),
        );
      });
    });
}
