import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.js';

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
  // scripts/test.mjs counts one that passed on its retry as a failure.
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
