// Where each Vitest file's expected duration is kept, shared by the sequencer and the reporter.
// The committed file is a measurement of a whole run on a quiet 2-core machine; refresh it with
// `npm run test:durations` after a run (docs/TESTING.md, "Order of the files").
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const committedDurations = join(repositoryRoot, 'scripts', 'vitest', 'durations.json');
export const measuredDurations = join(repositoryRoot, 'test-results', 'vitest-durations.json');

/** `project:path from the repository root`, the same on every machine. */
export function fileKey(projectName, moduleId) {
  return `${projectName}:${relative(repositoryRoot, moduleId)}`;
}

/** @returns {Record<string, number>} seconds per file key; empty when there is no file */
export function readDurations(path = committedDurations) {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')).files ?? {};
  } catch {
    return {};
  }
}
