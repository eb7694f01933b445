import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

/** Mantine core and the components every first screen renders (see docs/PERFORMANCE.md). */
const FIRST_SCREEN_COMPONENTS = [
  'ActionIcon',
  'Button',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'NativeSelect',
  'Stack',
  'Text',
  'Title',
  'Transition',
  'UnstyledButton',
];
const FIRST_SCREEN_MANTINE = new RegExp(
  String.raw`node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](${FIRST_SCREEN_COMPONENTS.join('|')}))[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.)`,
);

const apiTarget = process.env.MEMORIA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias:
      command === 'build'
        ? [
            {
              // react-router publishes its production build (dev warnings off) under
              // dist/production but points every export condition at the development one.
              find: /^react-router$/,
              replacement: fileURLToPath(
                import.meta
                  .resolve('react-router')
                  .replace(/dist\/development\/index\.m?js$/, 'dist/production/index.mjs'),
              ),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first screen budget is measured on gzipped JS; report it in every build.
    reportCompressedSize: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Floating UI (menus, tooltips, selects) must not ride along with the first screen.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 10 },
            {
              // The Mantine pieces both first screens (/auth and a signed-in /) show: one
              // chunk compresses better than a dozen tiny ones, each a request of its own.
              name: 'mantine-base',
              test: FIRST_SCREEN_MANTINE,
              priority: 5,
            },
          ],
        },
      },
    },
  },
}));
