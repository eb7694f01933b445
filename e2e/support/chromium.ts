import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../bench/chromium-args.mjs';

/** Debian's Chromium, never a downloaded browser. */
export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium features the journeys turn off, on top of those Playwright turns off itself.
 * Chromium keeps only the last `--disable-features` switch it is given, so the switch below
 * repeats Playwright's own list (that of @playwright/test 1.65); global-setup checks at each
 * run that it still holds every name Playwright passes, so an upgrade cannot silently drop one.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Headless Chromium 156 draws each window's address-bar popup as a page of its own (two
 * `chrome://omnibox-popup.top-chrome` renderers per browser context), which nobody sees in a
 * test: about a tenth of the journeys' CPU (docs/TESTING.md, "The browser's own pages").
 * And it keeps a spare renderer (below).
 */
const JOURNEY_DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // Chromium keeps a renderer process started ahead for the next page. A journey's next page
  // is nearly always in a new browser context, which cannot use it, so each context cost two
  // renderer starts, one thrown away: 147 renderers for 11 journeys with it, 81 without
  // (docs/TESTING.md, "The browser's own pages").
  'SpareRendererForSitePerProcess',
];

export const chromiumArgs = [
  ...CHROMIUM_ARGS,
  // Nothing outside this machine: any other host name fails to resolve, in every context,
  // without stopping each request on its way as a Playwright route would (support/network.ts).
  // `.local` names stay: WebRTC hides a peer's address behind one (mDNS), and a call between
  // two pages of the journeys connects through it.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE *.local',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...JOURNEY_DISABLED_FEATURES].join(',')}`,
];

/** The names of a command line's (last) `--disable-features` switch. */
function disabledFeatures(commandLine: string[]): string[] {
  const value = commandLine.findLast((arg) => arg.startsWith('--disable-features='));
  return value ? value.slice('--disable-features='.length).split(',') : [];
}

/**
 * Throws when Playwright's own `--disable-features` names a feature the journeys' switch
 * leaves out: read from a browser launched with Playwright's defaults alone.
 */
export async function checkDisabledFeatures(): Promise<void> {
  // Chromium tells its command line over CDP only to an automation session
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--enable-automation'],
  });
  try {
    const session = await browser.newBrowserCDPSession();
    const { arguments: commandLine } = (await session.send('Browser.getBrowserCommandLine')) as {
      arguments: string[];
    };
    const ours = new Set(disabledFeatures(chromiumArgs));
    const missing = disabledFeatures(commandLine).filter((name) => !ours.has(name));
    if (missing.length > 0) {
      throw new Error(
        `Playwright now disables ${missing.join(', ')} too: add them to PLAYWRIGHT_DISABLED_FEATURES in e2e/support/chromium.ts`,
      );
    }
  } finally {
    await browser.close();
  }
}

/**
 * Throws unless the journeys' browser refuses a host outside this machine (a resolver rule
 * Chromium did not understand would be ignored without a word).
 */
export async function checkOutsideUnreachable(): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const error = await page.goto('http://example.com/').then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    if (!error?.includes('ERR_NAME_NOT_RESOLVED')) {
      throw new Error(
        `the journeys' browser reached, or failed otherwise on, an outside host: ${error ?? 'it loaded'}`,
      );
    }
  } finally {
    await browser.close();
  }
}
