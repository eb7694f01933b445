import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DB } from './harness.js';

/**
 * The figures a reliability suite (fuzzer, who-sees-what matrix, crash test, session attacks)
 * leaves for `npm test` to print at the end of the run: scripts/test.mjs reads every file in
 * test-results/reliability/ and prints one line per suite and database. docs/RELIABILITY.md
 * explains each suite.
 */
export interface ReliabilityFigures {
  /** A short name, the same on both databases: "fuzz", "visibility", "crash", "sessions". */
  suite: string;
  /** Requests, cells, kill cycles or attacks run. */
  cases: number;
  /** Operations of the OpenAPI document covered, where the suite goes by operation. */
  operations?: number;
  /** What the suite hunts: 5xx answers, leaks, lost writes, accepted attacks. Must be 0. */
  failures: number;
  /** One line on what the figures mean, e.g. "acknowledged writes checked: 412". */
  detail?: string;
}

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const reliabilityFolder = join(repositoryRoot, 'test-results', 'reliability');

export function recordReliability(figures: ReliabilityFigures): void {
  mkdirSync(reliabilityFolder, { recursive: true });
  const file = join(reliabilityFolder, `${figures.suite}-${TEST_DB}.json`);
  writeFileSync(file, JSON.stringify({ ...figures, database: TEST_DB }, null, 2));
}
