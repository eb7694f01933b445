import { AsyncLocalStorage } from 'node:async_hooks';
import { formatMessage, isMessageKey } from '@memoria/domain';
import type { z } from 'zod';

/** Exit codes of memoria-admin (docs/OPERATIONS.md). */
export const EXIT = {
  ok: 0,
  /** bad arguments, unknown account, refused change, database error */
  error: 1,
  /** db:backup on PostgreSQL: nothing written, pg_dump instructions printed */
  backupUnsupported: 2,
} as const;

/**
 * Where a command reads its environment and writes its answer. The binary uses the process's
 * own (process.env, stdout, stderr); a test can run the same program in its own process with
 * an environment and captured output of its own (see cli/cli-harness.ts), several at a time.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

const captured = new AsyncLocalStorage<CliIo>();

const processIo: CliIo = {
  get env() {
    return process.env;
  },
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** The input and output of the command running now. */
export function cliIo(): CliIo {
  return captured.getStore() ?? processIo;
}

/** The io given to withCliIo, when one was; undefined in the binary. */
export function capturedIo(): CliIo | undefined {
  return captured.getStore();
}

/** Runs `fn` (a whole command) with its own environment and output. */
export function withCliIo<T>(io: CliIo, fn: () => Promise<T>): Promise<T> {
  return captured.run(io, fn);
}

/** A refusal with a message for the operator; the process exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
  ) {
    super(message);
  }
}

/** Parses a value with a shared schema; a failure names the argument and says why. */
export function parseArg<S extends z.ZodType>(
  schema: S,
  value: unknown,
  name: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const text =
    issue && isMessageKey(issue.message) ? formatMessage(issue.message, 'en') : issue?.message;
  throw new CliError(`${name}: ${text ?? 'invalid value'}`);
}

export function printJson(value: unknown): void {
  cliIo().out(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text = ''): void {
  cliIo().out(`${text}\n`);
}

/** Warnings go to stderr so stdout stays the command's answer. */
export function warn(text: string): void {
  cliIo().err(`warning: ${text}\n`);
}

/** Aligned columns with a header row. */
export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  for (const row of cells) {
    printLine(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    );
  }
}

/** Key: value lines, keys aligned. */
export function printFields(fields: Array<[string, unknown]>): void {
  const width = Math.max(...fields.map(([key]) => key.length));
  for (const [key, value] of fields) {
    const text = value === null || value === undefined ? '-' : String(value);
    printLine(`${`${key}:`.padEnd(width + 1)} ${text}`);
  }
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
