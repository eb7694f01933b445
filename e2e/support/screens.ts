import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR } from './env.js';

export const SCREENS_DIR = join(ARTIFACTS_DIR, 'screens');

export const SCREEN_SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export const THEMES = ['light', 'dark'] as const;

/**
 * What a user would call broken layout: sideways scrolling, and button labels cut off
 * (Mantine buttons clip a label that does not fit rather than wrap it). Soft: every
 * screen of a run is checked and shot.
 */
export async function checkFit(page: Page, name: string): Promise<void> {
  // Right after a resize (desktop to phone) the layout may take a few frames to reflow: judge
  // the page as a person sees it, once it has settled, and fail only if it stays too wide.
  const measure = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  let overflow = await measure();
  for (const started = Date.now(); overflow > 0 && Date.now() - started < 3000;) {
    await page.waitForTimeout(100);
    overflow = await measure();
  }
  expect.soft(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
  expect.soft(clipped, `${name}: button labels cut off`).toEqual([]);
}

/** Checks the fit and saves e2e/artifacts/screens/<name>.png (the viewport). */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await checkFit(page, name);
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`) });
}
