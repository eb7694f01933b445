import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/vitest/sequencer.mjs';
import { webProjects } from './apps/web/vitest.config.ts';

/**
 * One Vitest run, several projects. The server suite runs twice: once on SQLite and once
 * on PostgreSQL (TEST_DATABASE_URL). scripts/test.mjs decides which projects run.
 */
const serverProject = (name: string, db: 'sqlite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node' as const,
    env: {
      TEST_DB: db,
      TZ: 'UTC',
      NODE_ENV: 'test',
      // A test's commits need not reach the disk before it goes on (nothing here survives a
      // PostgreSQL crash anyway): each commit skips the WAL flush, which the PostgreSQL half
      // otherwise waits for thousands of times (docs/TESTING.md, "Over budget again").
      ...(db === 'postgres' ? { PGOPTIONS: '-c synchronous_commit=off' } : {}),
    },
    // migrates once per run; each file copies the result (see the file)
    globalSetup: ['./src/test/database-template.ts', './src/test/cli-bundle.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    // Files share a worker's loaded modules instead of importing the whole server again each
    // (2-3 times faster). Safe because each file builds its own app and database through the
    // harness and no server module keeps state across apps; a test that fakes timers, spies
    // or changes process.env puts them back in a finally or afterAll.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's two.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // the longest files first, by a committed measurement (docs/TESTING.md, "Order of the files")
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server-sqlite', 'sqlite'),
      serverProject('server-postgres', 'postgres'),
      ...webProjects,
    ],
  },
});
