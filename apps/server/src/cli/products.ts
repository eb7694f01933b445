import type { Command } from 'commander';
import { centsToAmount, type PlanName } from '@memoria/domain';
import type { AppContext } from '../context.js';
import { readBool } from '../db/dialect.js';
import { createPayments } from '../modules/payments/index.js';
import { createSubscriptionService, seedProducts } from '../modules/subscriptions/index.js';
import type { RunInstance } from './program.js';
import { CliError, printJson, printLine, printTable } from './output.js';

type ProductRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createSubscriptionService>['product']>>
>;

function answerOf(row: ProductRow) {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    price_net: centsToAmount(row.price_cents),
    storage_gb: row.storage_gb,
    workspace_type: row.workspace_type,
    maximum_users: row.maximum_users,
    disabled: readBool(row.disabled),
  };
}

async function plans(ctx: AppContext) {
  // the plans are written when the server first starts; the command line may come first
  await seedProducts(ctx);
  return createSubscriptionService(ctx, createPayments(ctx));
}

/** A plan given by the operator, written as an order as a purchase would be. */
export async function grantPlanOrder(ctx: AppContext, userId: number, plan: PlanName) {
  return (await plans(ctx)).grantPlan(userId, plan);
}

/** Euro with at most two decimals ("49", "49.5", "49.50") as cents. */
export function parseEuro(value: string): number {
  if (!/^\d{1,6}([.,]\d{1,2})?$/.test(value.trim())) {
    throw new CliError(`price: euro, e.g. 49 or 49.50 (got "${value}")`);
  }
  return Math.round(Number(value.trim().replace(',', '.')) * 100);
}

/** The plans on sale (docs/notes/subscriptions.md): list, reprice, withdraw. */
export function registerProductCommands(program: Command, run: RunInstance): void {
  program
    .command('products:list')
    .description('the plans with their yearly net price in euro, storage and whether on sale')
    .option('--json', 'answer in JSON')
    .action(async (options: { json?: boolean }) => {
      await run(async (instance) => {
        const rows = await instance.transaction(async (ctx) => (await plans(ctx)).products());
        const answers = rows.map(answerOf);
        if (options.json) return printJson(answers);
        printTable(
          ['ID', 'CODE', 'TYPE', 'NAME', 'EUR/YEAR', 'STORAGE', 'USERS', 'ON SALE'],
          answers.map((p) => [
            p.id,
            p.code,
            p.type,
            p.name,
            p.price_net,
            `${p.storage_gb} GB`,
            p.maximum_users ?? '-',
            p.disabled ? 'no' : 'yes',
          ]),
        );
      });
    });

  program
    .command('products:set-price')
    .description('set the yearly net price in euro; orders already made keep their price')
    .argument('<code|id>', 'the plan (free, bronze, silver, storage, group, workspace or an id)')
    .argument('<euro>', 'e.g. 49 or 49.50')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, euro: string, options: { json?: boolean }) => {
      const cents = parseEuro(euro);
      await run(async (instance) => {
        const row = await instance.transaction(async (ctx) =>
          (await plans(ctx)).setPrice(reference, cents),
        );
        if (!row) throw new CliError(`no plan "${reference}"`);
        if (options.json) return printJson(answerOf(row));
        printLine(`${row.name} now costs € ${centsToAmount(row.price_cents)} a year.`);
      });
    });

  program
    .command('products:disable')
    .description('withdraw a plan from sale (those who bought it keep it to its end)')
    .argument('<code|id>', 'the plan')
    .option('--enable', 'put it on sale again')
    .option('--json', 'answer in JSON')
    .action(async (reference: string, options: { enable?: boolean; json?: boolean }) => {
      await run(async (instance) => {
        const row = await instance.transaction(async (ctx) =>
          (await plans(ctx)).setDisabled(reference, !options.enable),
        );
        if (!row) throw new CliError(`no plan "${reference}"`);
        if (options.json) return printJson(answerOf(row));
        printLine(`${row.name} is ${options.enable ? 'on sale again' : 'withdrawn from sale'}.`);
      });
    });
}
