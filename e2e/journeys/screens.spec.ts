import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiLogin,
  apiSetPin,
  apiUserId,
  useSessionInBrowser,
  type TokenPair,
} from '../support/accounts.js';
import { ARTIFACTS_DIR, E2E_BASE_URL } from '../support/env.js';
import { seedActivatedUser, uniqueEmail } from '../support/session.js';

const SCREENS_DIR = join(ARTIFACTS_DIR, 'screens');
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Mantine keeps the chosen scheme in localStorage under `color-scheme` (theme-toggle.tsx). */
const COLOR_SCHEME_KEY = 'color-scheme';

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('title', 'Dark theme');
  await toggle.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(toggle).toHaveAttribute('title', 'Light theme');
  expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_KEY)).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

async function themedPage(browser: Browser, theme: Theme): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: theme });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [COLOR_SCHEME_KEY, theme],
  );
  return context.newPage();
}

/**
 * Saves a PNG and checks there is no sideways scrolling. Screens in the app shell are shot
 * at viewport size: a full-page shot would paint the fixed header, side menu and bottom bar
 * where the first viewport ends, not where a user sees them.
 */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage });
}

async function setLocked(page: Page, userId: number, on: boolean): Promise<void> {
  await page.evaluate(
    ([key, locked]) => localStorage.setItem(key as string, JSON.stringify({ secureMode: locked })),
    [`settings-${userId}`, on] as const,
  );
}

test('screens at desktop and mobile size, in the light and the dark theme', async ({
  browser,
  request,
}) => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const usermail = uniqueEmail('ada-screens');
  await seedActivatedUser(request, 'Ada Lovelace', usermail);
  const pair: TokenPair = await apiLogin(request, usermail);
  await apiSetPin(request, pair, '2468');
  const userId = await apiUserId(request, pair);

  for (const theme of THEMES) {
    const visitor = await themedPage(browser, theme);
    const member = await themedPage(browser, theme);
    await member.goto('/auth');
    await useSessionInBrowser(member, pair);

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const suffix = `${size}-${theme}`;
      await visitor.setViewportSize(viewport);
      await member.setViewportSize(viewport);

      await visitor.goto('/auth');
      await expect(visitor.getByTestId('login-submit')).toBeVisible();
      await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await shoot(visitor, `login-${suffix}`, true);

      await visitor.goto('/auth/signup');
      await expect(visitor.getByTestId('signup-submit')).toBeVisible();
      await shoot(visitor, `signup-${suffix}`, true);

      await member.goto('/');
      await expect(member.getByTestId('home-greeting')).toHaveText('Hello, Ada Lovelace');
      await expect(member.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await expect(
        member.getByTestId(size === 'mobile' ? 'bottom-bar' : 'side-menu'),
      ).toBeVisible();
      await shoot(member, `home-${suffix}`);

      await member.goto('/account-settings');
      await expect(member.getByTestId('pin-status')).toContainText('You have a PIN');
      await shoot(member, `account-settings-${suffix}`);
      // The end of the page: the last buttons clear the mobile bottom bar
      await member.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() =>
          member.evaluate(
            () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
          ),
        )
        .toBe(true);
      if (size === 'mobile') {
        const last = await member.getByTestId('pin-reset').boundingBox();
        const bar = await member.getByTestId('bottom-bar').boundingBox();
        expect(last && bar && last.y + last.height <= bar.y, 'bottom bar covers the page end').toBe(
          true,
        );
      }
      await shoot(member, `account-settings-end-${suffix}`);

      await member.goto('/no-such-page');
      await expect(member.getByTestId('error-page-404')).toBeVisible();
      await shoot(member, `not-found-${suffix}`);

      await setLocked(member, userId, true);
      await member.goto('/');
      await expect(member.getByTestId('pin-input')).toBeFocused();
      await shoot(member, `pin-lock-${suffix}`);
      await setLocked(member, userId, false);
    }
    await visitor.context().close();
    await member.context().close();
  }
});
