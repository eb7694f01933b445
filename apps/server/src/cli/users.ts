import { randomInt } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import {
  LOCALES,
  countrySchema,
  isLocale,
  isStrongPassword,
  passwordClasses,
  strongPasswordSchema,
  usermailSchema,
} from '@memoria/domain';
import { isUniqueViolation } from '../db/errors.js';
import { createUserAdminService, type UserAdminService } from '../modules/users/admin-service.js';
import { BYTES_PER_GB, PLAN_NAMES, PLANS, isPlanName } from '../modules/users/plans.js';
import type { UserRow } from '../modules/users/admin-service.js';
import { grantPlanOrder } from './products.js';
import type { RunInstance } from './program.js';
import {
  CliError,
  formatBytes,
  parseArg,
  printFields,
  printJson,
  printLine,
  printTable,
} from './output.js';

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong');

/** The account an <email|id> argument names, or a clear refusal. */
export async function requireUser(admin: UserAdminService, reference: string): Promise<UserRow> {
  const user = await admin.find(reference);
  if (!user) throw new CliError(`no account with email or id "${reference}"`);
  return user;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@#$%^&*';

/** 20 random characters using all four classes, so it passes the strength rule. */
export function generatePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < 20; i += 1) {
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    }
    if (isStrongPassword(password) && passwordClasses(password) === 4) return password;
  }
}

function parseCount(value: string | undefined, name: string, range: [number, number]) {
  const [min, max] = range;
  if (value === undefined) return min;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new CliError(`${name}: a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

/** --limit (default 50, at most 1000) and --offset of a listing. */
export const paging = (options: { limit?: string; offset?: string }) => ({
  limit: options.limit === undefined ? 50 : parseCount(options.limit, '--limit', [1, 1000]),
  offset: parseCount(options.offset, '--offset', [0, Number.MAX_SAFE_INTEGER]),
});

function statusOf(row: { is_active: boolean; disabled: boolean }): string {
  if (row.disabled) return 'disabled';
  return row.is_active ? 'active' : 'not activated';
}

export function registerUserCommands(program: Command, run: RunInstance): void {
  program
    .command('users:create')
    .description('create an activated account, ready to sign in')
    .argument('<email>', 'email address (the sign-in name)')
    .requiredOption('--name <name>', 'display name')
    .option('--password <password>', 'password (at least 8 characters, 3 of 4 kinds)')
    .option('--generate-password', 'generate a strong password and print it')
    .option('--locale <locale>', `language: ${LOCALES.join(', ')}`, 'en')
    .option('--country <code>', 'two-letter country code, e.g. BE')
    .option('--json', 'answer in JSON')
    .action(
      async (
        email: string,
        options: {
          name: string;
          password?: string;
          generatePassword?: boolean;
          locale: string;
          country?: string;
          json?: boolean;
        },
      ) => {
        const usermail = parseArg(usermailSchema, email, 'email');
        const name = parseArg(nameSchema, options.name, '--name');
        if (!isLocale(options.locale)) {
          throw new CliError(`--locale: one of ${LOCALES.join(', ')} (got "${options.locale}")`);
        }
        const country =
          options.country === undefined
            ? null
            : parseArg(countrySchema, options.country, '--country');
        if (options.password !== undefined && options.generatePassword) {
          throw new CliError('give either --password or --generate-password, not both');
        }
        if (options.password === undefined && !options.generatePassword) {
          throw new CliError('give --password <password> or --generate-password');
        }
        const password =
          options.password === undefined
            ? generatePassword()
            : parseArg(strongPasswordSchema, options.password, '--password');
        await run(async (instance) => {
          // Hashing is slow on purpose: done before the write lock is taken.
          const passwordHash = await instance.context().passwords.hash(password);
          const created = await instance.transaction(async (ctx) => {
            const admin = createUserAdminService(ctx);
            if (await admin.find(usermail)) {
              throw new CliError(`an account with email ${usermail} already exists`);
            }
            try {
              return await admin.create({
                usermail,
                passwordHash,
                name,
                locale: options.locale,
                country,
              });
            } catch (error) {
              if (isUniqueViolation(error)) {
                throw new CliError(`an account with email ${usermail} already exists`);
              }
              throw error;
            }
          });
          const answer = {
            id: created.userId,
            usermail,
            name,
            locale: options.locale,
            ...(options.generatePassword ? { password } : {}),
          };
          if (options.json) return printJson(answer);
          printLine(`Created account #${created.userId} ${usermail} (${name}), activated.`);
          if (options.generatePassword) printLine(`Password: ${password}`);
        });
      },
    );

  program
    .command('users:list')
    .description('list accounts, oldest first, a page at a time')
    .option('--search <text>', 'only accounts whose email or name contains this')
    .option('--limit <n>', 'accounts per page (1-1000)', '50')
    .option('--offset <n>', 'accounts to skip', '0')
    .option('--json', 'answer in JSON')
    .action(
      async (options: { search?: string; limit?: string; offset?: string; json?: boolean }) => {
        const page = paging(options);
        const search = options.search?.trim() || undefined;
        await run(async (instance) => {
          const { total, members } = await instance.transaction(
            (ctx) => createUserAdminService(ctx).list({ search, ...page }),
            'read',
          );
          if (options.json) return printJson({ total, ...page, members });
          if (members.length === 0) {
            printLine(total === 0 ? 'No accounts.' : `No accounts at offset ${page.offset}.`);
            return;
          }
          printTable(
            ['ID', 'EMAIL', 'NAME', 'PLAN', 'STATUS', '2FA', 'CREATED'],
            members.map((m) => [
              m.id,
              m.usermail,
              m.name,
              m.plan,
              statusOf(m),
              m.two_factor ? 'on' : 'off',
              m.created_at?.slice(0, 10) ?? '-',
            ]),
          );
          const last = page.offset + members.length;
          printLine(`${page.offset + 1}-${last} of ${total}`);
        });
      },
    );

  program
    .command('users:show')
    .description('show one account: profile, plan, storage, status, sessions')
    .argument('<email|id>', 'email address or numeric id')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { json?: boolean }) => {
      await run(async (instance) => {
        const shown = await instance.transaction(async (ctx) => {
          const admin = createUserAdminService(ctx);
          return admin.show(await requireUser(admin, reference));
        }, 'read');
        if (options.json) return printJson(shown);
        const storage = shown.storage_usage;
        const used = storage.product + storage.order_storage - storage.leftover_storage;
        const profile = shown.user_profile;
        printFields([
          ['id', shown.id],
          ['email', shown.usermail],
          ['name', profile.name],
          ['official name', profile.name_official],
          ['identity verified', profile.user_identified ? 'yes' : 'no'],
          ['locale', profile.locale],
          ['country', profile.country],
          ['type', shown.user_type],
          ['plan', shown.plan],
          [
            'plan rules',
            `has_subscription=${Boolean(shown.rules.has_subscription)} ` +
              `bronze=${Boolean(shown.rules.bronze)} silver=${Boolean(shown.rules.silver)}`,
          ],
          [
            'storage',
            `${formatBytes(used)} used of ${formatBytes(storage.product + storage.order_storage)}` +
              ` (plan ${formatBytes(storage.product)} + add-ons ${formatBytes(storage.order_storage)})`,
          ],
          ['activated', shown.is_active ? (shown.activated_at ?? 'yes') : 'no'],
          ['disabled', shown.disabled_at ?? 'no'],
          [
            'two-factor',
            profile.two_factor_authentication ? `on (${profile.two_factor_method})` : 'off',
          ],
          ['PIN lock', shown.has_lock_code ? 'set' : 'not set'],
          ['live sessions', shown.live_sessions],
          ['created', shown.created_at],
        ]);
      });
    });

  program
    .command('users:grant-plan')
    .description(
      'set the plan with its rules and included storage, as a paid order would ' +
        '(free 1 GB; bronze: has_subscription, bronze, 10 GB; silver: has_subscription, silver, 100 GB)',
    )
    .argument('<email|id>', 'email address or numeric id')
    .argument('<plan>', PLAN_NAMES.join(' | '))
    .option('--json', 'answer in JSON')
    .action(async (reference: string, plan: string, options: { json?: boolean }) => {
      const name = plan.trim().toLowerCase();
      if (!isPlanName(name)) {
        throw new CliError(`plan must be one of ${PLAN_NAMES.join(', ')} (got "${plan}")`);
      }
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const admin = createUserAdminService(ctx);
          const user = await requireUser(admin, reference);
          // written as an order, as a purchase would be (docs/notes/subscriptions.md)
          return { user, rules: await grantPlanOrder(ctx, user.id, name) };
        });
        const answer = {
          id: result.user.id,
          usermail: result.user.usermail,
          plan: name,
          rules: result.rules,
          storage_bytes: PLANS[name].storageBytes,
        };
        if (options.json) return printJson(answer);
        printLine(
          `${answer.usermail} now has the ${name} plan ` +
            `(${formatBytes(answer.storage_bytes)} included; has_subscription=${answer.rules.has_subscription}, ` +
            `bronze=${answer.rules.bronze}, silver=${answer.rules.silver}).`,
        );
      });
    });

  program
    .command('users:storage')
    .description('set the storage bought as add-ons, in whole GB (replaces the previous amount)')
    .argument('<email|id>', 'email address or numeric id')
    .argument('<GB>', 'whole gigabytes, 0 removes the add-ons')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, gigabytes: string, options: { json?: boolean }) => {
      if (!/^\d+$/.test(gigabytes.trim()) || Number(gigabytes) > 1_000_000) {
        throw new CliError(`GB must be a whole number from 0 to 1000000 (got "${gigabytes}")`);
      }
      const amount = Number(gigabytes);
      await run(async (instance) => {
        const result = await instance.transaction(async (ctx) => {
          const admin = createUserAdminService(ctx);
          const user = await requireUser(admin, reference);
          return { user, bytes: await admin.setStorage(user, amount) };
        });
        const answer = {
          id: result.user.id,
          usermail: result.user.usermail,
          order_storage_bytes: result.bytes,
        };
        if (options.json) return printJson(answer);
        printLine(
          `${answer.usermail} has ${formatBytes(amount * BYTES_PER_GB)} of add-on storage.`,
        );
      });
    });

  program
    .command('users:verify-identity')
    .description('mark the identity verified, as the external identity check would')
    .argument('<email|id>', 'email address or numeric id')
    .requiredOption('--official-name <name>', 'the name on the identity document')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { officialName: string; json?: boolean }) => {
      const officialName = parseArg(
        z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
        options.officialName,
        '--official-name',
      );
      await run(async (instance) => {
        const user = await instance.transaction(async (ctx) => {
          const admin = createUserAdminService(ctx);
          const found = await requireUser(admin, reference);
          await admin.verifyIdentity(found, officialName);
          return found;
        });
        const answer = {
          id: user.id,
          usermail: user.usermail,
          user_identified: true,
          name_official: officialName,
        };
        if (options.json) return printJson(answer);
        printLine(`${user.usermail} is now identified as "${officialName}".`);
      });
    });
}
