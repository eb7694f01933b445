import { defineConfig } from 'vitest/config';

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
    env: { TEST_DB: db, TZ: 'UTC', NODE_ENV: 'test' },
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});

export default defineConfig({
  test: {
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
      './apps/web/vitest.config.ts',
    ],
  },
});
