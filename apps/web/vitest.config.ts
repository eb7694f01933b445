import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineProject({
  plugins: [react()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
    css: false,
    testTimeout: 30_000,
  },
});
