import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, executablePath } from './support/chromium.js';
import { E2E_BASE_URL } from './support/env.js';

const browser = { ...devices['Desktop Chrome'], channel: undefined };
/** Journeys that use a camera and microphone get Chromium's fake ones, allowed without asking. */
const mediaJourneys = ['calls.spec.ts'];
const longestJourneys = [
  'screens.spec.ts',
  'collections-memos.spec.ts',
  'feed-discover.spec.ts',
  'engagement-live.spec.ts',
  'comments-reactions.spec.ts',
];

/**
 * Browser journeys against the built product. Debian's Chromium, never a downloaded
 * browser. global-setup starts a local SMTP receiver and the real server on a temp DATA_DIR.
 */
export default defineConfig({
  testDir: './journeys',
  outputDir: './artifacts/results',
  globalSetup: './support/global-setup.ts',
  // Two journeys share two cores with the server and the browsers: each takes longer than
  // alone (the run as a whole far less), and a busy CI machine stretches it further. Waits
  // for an element get as long as actions, for the same reason; they cost nothing when all
  // is well.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Every journey signs up its own people (unique addresses, mail read per recipient) and
  // finds its own content by a stamp, so journeys run side by side, one per core by default.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a failed journey runs once more, only to tell a flaky journey from a broken one:
  // scripts/test.mjs names one that passed on its retry, with its first attempt's error.
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'artifacts/report.json' }],
    // where each journey's time goes, by kind of step: artifacts/timing.md
    ['./support/timing-reporter.ts'],
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // A click or fill on something that never appears fails in 15 s, not at the test timeout.
    actionTimeout: 15_000,
    // A trace costs CPU in every journey (snapshots and a screencast of each page), and the two
    // cores are shared with the server and the browsers: record it only for a failed journey's
    // retry, which is what one reads to find out why. Locally (no retry) E2E_TRACE=1 keeps a failed journey's.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    // The people of the journeys ask for less motion, which the app honours (its theme's
    // respectReducedMotion): dialogs, menus and toasts appear without their transitions, so
    // the browser draws fewer frames and the journeys wait less for things to stand still.
    // 6-8% less CPU over the longest journeys (docs/TESTING.md, "Rules that keep it fast").
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  // Two lists of the same browser, only to set the order: Playwright hands journeys to its
  // workers in project order, then file by file in alphabetical order, so a long journey whose
  // file comes late would run alone at the end while the other worker idles. The journeys
  // measured longest (e2e/artifacts/timing.md, docs/TESTING.md) start first.
  projects: [
    { name: 'long', testMatch: longestJourneys, use: browser },
    { name: 'chromium', testIgnore: [...longestJourneys, ...mediaJourneys], use: browser },
    {
      name: 'media',
      testMatch: mediaJourneys,
      use: {
        ...browser,
        launchOptions: {
          executablePath,
          args: [
            ...chromiumArgs,
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      },
    },
  ],
});
