import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const testFile = /\.test\.tsx?$/;

/**
 * Test files that replace a module with `vi.mock`. Such a replacement holds only for a file
 * that imports the module afresh, so these files run isolated; see `webProjects`.
 */
const mockingFiles = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((path) => testFile.test(path))
  .map((path) => `src/${path.split('\\').join('/')}`)
  .filter((path) => readFileSync(join(root, path), 'utf8').includes('vi.mock('));

const shared = {
  environment: 'jsdom' as const,
  globals: true,
  setupFiles: ['./src/test/setup.ts'],
  env: { TZ: 'UTC' },
  css: false,
  testTimeout: 30_000,
};

/**
 * The web tests as two projects. `web`: the files share a worker's imported modules instead
 * of importing React, Mantine and the app again for each file (three times faster); the setup
 * file resets after each test the module state a test may leave behind. `web-isolated`: the
 * files that mock a module, each in a fresh worker (docs/TESTING.md, "Order of the files").
 */
export const webProjects = [
  defineProject({
    plugins: [react()],
    root,
    test: {
      ...shared,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: mockingFiles,
      isolate: false,
    },
  }),
  defineProject({
    plugins: [react()],
    root,
    test: { ...shared, name: 'web-isolated', include: mockingFiles },
  }),
];

export default webProjects[0];
