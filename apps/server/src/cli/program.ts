import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { openInstance, type Instance } from './instance.js';
import { CliError, EXIT, capturedIo, cliIo } from './output.js';
import { registerUserCommands } from './users.js';
import { registerAccountCommands } from './users-account.js';
import { registerDbCommands } from './db.js';
import { registerJobCommands } from './jobs.js';
import { registerStatsCommand } from './stats.js';
import { registerSeedCommand } from './seed.js';
import { registerPushCommands } from './push.js';
import { registerNotificationCommands } from './notifications.js';
import { registerWorkspaceCommands } from './workspaces.js';
import { registerTransferCommands } from './transfers.js';
import { registerProductCommands } from './products.js';

/** Runs a command's body against the instance, then closes it. */
export type RunInstance = (
  body: (instance: Instance) => Promise<void>,
  options?: { requireMigrated?: boolean; createDatabase?: boolean },
) => Promise<void>;

const runInstance: RunInstance = async (body, options = {}) => {
  const instance = openInstance({ create: options.createDatabase });
  try {
    if (options.requireMigrated !== false) await instance.requireMigrated();
    await body(instance);
  } finally {
    await instance.close();
  }
};

export function createProgram(): Command {
  const program = new Command('memoria-admin')
    .description(
      'Operate a Memoria instance: accounts, database, jobs.\n' +
        'Reads the same environment as the server (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA, ' +
        'PUBLIC_URL, …), so it acts on the same instance, also while the server runs.',
    )
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  // In the binary Commander writes to the process's stdout and stderr itself; a command run
  // inside a test writes its usage and errors to the test's io, like every other line. Set
  // before the commands are added, which take the setting over.
  const io = capturedIo();
  if (io) {
    program.configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      // as in the binary with its output piped: Commander's 80 columns, no colours
      getOutHelpWidth: () => 80,
      getErrHelpWidth: () => 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    });
  }
  registerUserCommands(program, runInstance);
  registerAccountCommands(program, runInstance);
  registerDbCommands(program, runInstance);
  registerJobCommands(program, runInstance);
  registerProductCommands(program, runInstance);
  registerStatsCommand(program, runInstance);
  registerSeedCommand(program, runInstance);
  registerPushCommands(program, runInstance);
  registerNotificationCommands(program, runInstance);
  registerWorkspaceCommands(program, runInstance);
  registerTransferCommands(program, runInstance);
  return program;
}

/** Parses argv, runs the command and answers the exit code; never throws. */
export async function runCli(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT.ok;
    }
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander printed its message (or the help) already.
      return error.exitCode === 0 ? EXIT.ok : EXIT.error;
    }
    if (error instanceof CliError) {
      cliIo().err(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      cliIo().err(`error: ${error.message}\n`);
      return EXIT.error;
    }
    const message = error instanceof Error ? error.message : String(error);
    cliIo().err(`error: ${message}\n`);
    return EXIT.error;
  }
}
