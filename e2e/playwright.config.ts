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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'artifacts/report.json' }],
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
