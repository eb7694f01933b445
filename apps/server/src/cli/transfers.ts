import type { Command } from 'commander';
import { z } from 'zod';
import { createTransferFiles, createTransferService } from '../modules/transfer/index.js';
import type { RunInstance } from './program.js';
import { CliError, formatBytes, parseArg, printJson, printLine, printTable } from './output.js';

const transferId = z.string().regex(/^[0-9a-f]{32}$/, 'is a transfer id (32 hex characters)');

/**
 * The operator's view of file transfers (docs/notes/file-transfer.md): list them and delete
 * one (its files and rows). Everything shown is what the server holds anyway: no names, only
 * encrypted sizes.
 */
export function registerTransferCommands(program: Command, run: RunInstance): void {
  program
    .command('transfers:list')
    .description('list file transfers, newest first')
    .option('--limit <n>', 'how many', '50')
    .option('--json', 'answer in JSON')
    .action(async (options: { limit: string; json?: boolean }) => {
      const limit = parseArg(z.coerce.number().int().min(1).max(10_000), options.limit, '--limit');
      await run(async (instance) => {
        const ctx = instance.context();
        const transfers = createTransferService(ctx, createTransferFiles(ctx.config.dataDir));
        const rows = await transfers.listAll(limit);
        if (options.json) return printJson(rows);
        if (rows.length === 0) return printLine('no transfers');
        printTable(
          ['id', 'status', 'files', 'size', 'downloads', 'expires', 'password'],
          rows.map((row) => [
            row.id,
            row.status,
            row.file_count,
            formatBytes(row.total_size),
            `${row.downloads}/${row.max_downloads}`,
            row.expires_at,
            row.has_password ? 'yes' : 'no',
          ]),
        );
      });
    });

  program
    .command('transfers:delete')
    .description('delete a file transfer and its files now')
    .argument('<id>', 'the transfer id')
    .option('--json', 'answer in JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const parsed = parseArg(transferId, id, '<id>');
      await run(async (instance) => {
        const ctx = instance.context();
        const transfers = createTransferService(ctx, createTransferFiles(ctx.config.dataDir));
        if (!(await transfers.deleteAny(parsed))) throw new CliError(`no transfer ${parsed}`);
        if (options.json) return printJson({ deleted: parsed });
        printLine(`deleted transfer ${parsed}`);
      });
    });
}
