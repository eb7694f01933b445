import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

/** Mantine core and the components both first screens render (see docs/PERFORMANCE.md). */
const FIRST_SCREEN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Button',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'NativeSelect',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];
const FIRST_SCREEN_MANTINE = new RegExp(
  String.raw`node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](${FIRST_SCREEN_COMPONENTS.join('|')}))[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]IconTransfer)\.)`,
);
/**
 * The app's own modules both first screens load: the visitor's welcome panel and the auth
 * layout share them with the signed-in layout. They must stay out of the `app-layout` group,
 * or the visitor's /auth would load the whole signed-in layout for them.
 */
const FIRST_SCREEN_APP =
  /apps[\\/]web[\\/]src[\\/](ui[\\/](use-page-title|toasts)\.ts|app[\\/]layout[\\/](theme-toggle|brand|language-select)\.tsx)$/;
/** The signed-in first screen: the main layout and the home page, with what they import. */
const SIGNED_IN_FIRST_SCREEN =
  /apps[\\/]web[\\/]src[\\/](app[\\/]layout[\\/]app-layout|features[\\/]home[\\/]home-page)\.tsx$/;

/**
 * Mantine's AppShell sections import react-remove-scroll (4 kB gzip) only to read one class
 * name (`RemoveScroll.classNames.zeroRight`), and their resize handle (unused here, about
 * 1.3 kB) statically. For the layout they get a module with the same class names (from
 * react-remove-scroll-bar, which defines them; the real library still loads with the first
 * modal and finds the header by that class) and a resize handle that loads when one renders.
 */
function appShellOnDemand(): Plugin {
  const scrollId = '\0memoria:app-shell-remove-scroll';
  const handleId = '\0memoria:app-shell-resize-handle';
  const appShellSection =
    /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Navbar|Aside)[\\/]/;
  const handlePath = fileURLToPath(
    new URL(
      'components/AppShell/AppShellResizeHandle/AppShellResizeHandle.mjs',
      import.meta.resolve('@mantine/core'),
    ),
  );
  return {
    name: 'memoria:app-shell-on-demand',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !appShellSection.test(importer)) return null;
      if (source === 'react-remove-scroll') return scrollId;
      if (source === '../AppShellResizeHandle/AppShellResizeHandle.mjs') return handleId;
      return null;
    },
    load(id) {
      if (id === scrollId)
        return [
          "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
          'export const RemoveScroll = {',
          '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
          '};',
        ].join('\n');
      if (id === handleId)
        return [
          "import { Suspense, createElement, lazy } from 'react';",
          `const Handle = lazy(() => import(${JSON.stringify(handlePath)}).then((m) => ({ default: m.AppShellResizeHandle })));`,
          'export function AppShellResizeHandle(props) {',
          '  return createElement(Suspense, { fallback: null }, createElement(Handle, props));',
          '}',
        ].join('\n');
      return null;
    },
  };
}

const apiTarget = process.env.MEMORIA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), appShellOnDemand(), precompress()],
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
              // Everything the entry imports statically: one chunk with the entry rather than
              // TanStack Query, session and error helpers split into small chunks of their own.
              name: 'initial',
              tags: ['$initial'],
              priority: 6,
            },
            {
              // The Mantine pieces both first screens (/auth and a signed-in /) show: one
              // chunk compresses better than a dozen tiny ones, each a request of its own.
              name: 'mantine-base',
              test: (id) => FIRST_SCREEN_MANTINE.test(id) || FIRST_SCREEN_APP.test(id),
              priority: 5,
            },
            {
              // The signed-in layout and home page with everything they import (AppShell,
              // nav links, icons, hooks, the memo list): one chunk instead of about thirty.
              name: 'app-layout',
              test: SIGNED_IN_FIRST_SCREEN,
              priority: 3,
            },
          ],
        },
      },
    },
  },
}));
