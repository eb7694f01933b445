import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Mantine switches keep their <input role="switch"> at 0 × 0 px inside a <label>: a person
 * clicks the label, so the journeys do too.
 */
export async function setSwitch(input: Locator, on: boolean): Promise<void> {
  if ((await input.isChecked()) !== on) await input.locator('xpath=ancestor::label[1]').click();
  if (on) await expect(input).toBeChecked();
  else await expect(input).not.toBeChecked();
}

/** The accessible name Mantine's calendar gives a day ("D MMMM YYYY", English). */
export function dayLabel(date: Date): string {
  return `${date.getDate()} ${date.toLocaleString('en', { month: 'long' })} ${date.getFullYear()}`;
}

/** Picks `date` in the open date/time picker, moving to the next month when needed. */
export async function pickDay(page: Page, date: Date): Promise<void> {
  const picker = page.getByTestId('date-time-picker');
  const day = picker.getByRole('button', { name: dayLabel(date), exact: true });
  // isVisible() does not wait: asked before the calendar is drawn, it said "no" and the journey
  // went on to the next month, where the day is not. Wait for this month or the day first.
  const today = picker.getByRole('button', { name: dayLabel(new Date()), exact: true });
  await expect(day.or(today).first()).toBeVisible();
  if (!(await day.isVisible())) await picker.locator('[data-direction="next"]').click();
  await day.click();
}

/** A toast (Mantine notification) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}
