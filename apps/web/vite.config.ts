import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bootPreload } from './build/boot-preload';
import { chunkGroups } from './build/chunk-groups';
import { i18nJson } from './build/i18n-json';
import { precompress } from './build/precompress';
import { pureReactRouter } from './build/pure-react-router';

/** Mantine core and the components both first screens render (see docs/PERFORMANCE.md). */
const FIRST_SCREEN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'NativeSelect',
  'Paper',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];
const FIRST_SCREEN_MANTINE = new RegExp(
  String.raw`node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](${FIRST_SCREEN_COMPONENTS.join('|')}))[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-uncontrolled|use-merged-ref|use-window-event|use-debounced-callback|utils[\\/]use-callback-ref)[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Accordion[\\/]AccordionChevron\.|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]IconTransfer)\.)`,
);
/**
 * The app's own modules both first screens load: the visitor's welcome panel and the auth
 * layout share them with the signed-in layout. They must stay out of the `app-layout` group,
 * or the visitor's /auth would load the whole signed-in layout for them.
 */
const FIRST_SCREEN_APP =
  /apps[\\/]web[\\/]src[\\/](ui[\\/](use-page-title|toasts)\.ts|app[\\/]layout[\\/](theme-toggle|brand|language-select)\.tsx)$/;
const groups = chunkGroups();
/** Popups' building blocks, one chunk (see the `overlays` group below). */
const OVERLAYS =
  /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Popover|Tooltip|Overlay|FocusTrap|Portal)|utils[\\/]Floating)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-focus-trap|use-long-press|use-click-outside)[\\/])/;
/** The signed-in first screen: the main layout and the home page, with what they import. */
const SIGNED_IN_FIRST_SCREEN =
  /apps[\\/]web[\\/]src[\\/](app[\\/]layout[\\/]app-layout|features[\\/]home[\\/]home-page)\.tsx$/;
/**
 * Modules of under half a kilobyte that most signed-in screens load after the layout: each was
 * a file of its own, a round trip on a phone (docs/PERFORMANCE.md, Lighthouse, twelfth round).
 * The memo watch (features/memos/watch.ts) loads with the socket on every signed-in screen.
 */
const SIGNED_IN_SMALL_PARTS =
  /packages[\\/]domain[\\/]src[\\/](people|format|engagement)\.ts$|@mantine[\\/]hooks[\\/]esm[\\/]use-force-update[\\/]|apps[\\/]web[\\/]src[\\/]features[\\/]memos[\\/]watch\.ts$/;

/**
 * The chunks the entry imports statically, collected before Vite writes the preload lists:
 * they are loaded before any lazy chunk, so no list needs to name them again.
 */
const initialChunks = (() => {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'memoria:initial-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        files.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
        }
      },
    },
  };
  return { plugin, files };
})();

const i18n = i18nJson();

const apiTarget = process.env.MEMORIA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [
    pureReactRouter(),
    react(),
    initialChunks.plugin,
    groups.plugin,
    i18n.plugin,
    bootPreload(initialChunks.files, i18n.base),
    precompress(),
  ],
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
    modulePreload: {
      // Browsers without <link rel="modulepreload"> (Safari before 17, Firefox before 115)
      // only lose the preloading; the polyfill cost 0.5 kB on every first screen.
      polyfill: false,
      // A lazy chunk's preload list leaves out the chunks already loaded with the entry.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !initialChunks.files.has(dep)) : deps,
    },
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
            {
              // Floating UI and the Mantine pieces every popup is made of (tooltips,
              // popovers, their portal, overlay and focus trap): one chunk, not seven of
              // 1-15 kB, each a round trip on a phone's connection (a memo's first screen
              // asked for all seven). Never on the first screen: the layout uses none of them.
              name: 'overlays',
              test: OVERLAYS,
              priority: 10,
              // exactly these modules: Mantine's core and hooks stay with the first screen
              includeDependenciesRecursively: false,
            },
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
              test: (id) => SIGNED_IN_FIRST_SCREEN.test(id) || SIGNED_IN_SMALL_PARTS.test(id),
              priority: 3,
            },
            {
              // The icons that no group above takes (used by lazy screens and dialogs only):
              // 27 files of 0.1-0.4 kB, 1.9 kB gzip together, so a screen asks for one file
              // where /collections asked for seven.
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              // a memo card and its photo grid (build/chunk-groups.ts)
              name: 'memo-card',
              test: groups.card,
              priority: 2,
              // exactly these modules: their shared imports stay in their own chunks
              includeDependenciesRecursively: false,
            },
            {
              // the small parts the first screens share (build/chunk-groups.ts)
              name: 'screen-parts',
              test: groups.screens,
              priority: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
