import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { de } from '../../apps/web/src/i18n/locales/de.js';
import { en } from '../../apps/web/src/i18n/locales/en.js';
import { es } from '../../apps/web/src/i18n/locales/es.js';
import { fr_be } from '../../apps/web/src/i18n/locales/fr_be.js';
import { nl } from '../../apps/web/src/i18n/locales/nl.js';
import { pl } from '../../apps/web/src/i18n/locales/pl.js';
import { uk } from '../../apps/web/src/i18n/locales/uk.js';
import {
  STRONG_PASSWORD,
  seedActivatedUser,
  submitLogin,
  uniqueEmail,
} from '../support/session.js';

/** The interface texts the web app ships, so the journey checks the real translations. */
const TEXTS = { en, nl, fr_be, de, es, pl, uk };
type Locale = keyof typeof TEXTS;

/** BCP 47 tags are case-insensitive: fr_be becomes fr-be (or fr-BE). */
const htmlLang = (locale: Locale) => new RegExp(`^${locale.replace('_', '-')}$`, 'i');

async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'language')?.value;
}

async function expectSideMenuIn(page: Page, locale: Locale): Promise<void> {
  const nav = TEXTS[locale].nav;
  const menu = page.getByTestId('side-menu');
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(locale));
  await expect(menu.getByTestId('nav-memos')).toHaveText(nav.memos);
  await expect(menu.getByTestId('nav-collections')).toHaveText(nav.collections);
  await expect(menu.getByTestId('nav-discover')).toHaveText(nav.discover);
  await expect(menu.getByTestId('nav-feed')).toHaveText(nav.feed);
  await expect(menu.getByTestId('nav-file-transfer')).toHaveText(nav.fileTransfer);
  await expect(menu.getByText(TEXTS[locale].language.label, { exact: true })).toBeVisible();
}

test('a signed-in user switches the interface through all seven languages', async ({
  page,
  context,
  request,
}) => {
  const usermail = uniqueEmail('marie');
  await seedActivatedUser(request, 'Marie Curie', usermail);
  await submitLogin(page, usermail, STRONG_PASSWORD);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expectSideMenuIn(page, 'en');
  const english = await page.getByTestId('side-menu').innerText();

  const select = page.getByTestId('side-menu').getByTestId('language-select');
  for (const locale of ['nl', 'fr_be', 'de', 'es', 'pl', 'uk'] as const) {
    await select.selectOption(locale);
    await expectSideMenuIn(page, locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[locale].home.title);
    expect(await page.getByTestId('side-menu').innerText()).not.toBe(english);
    expect(await languageCookie(context)).toBe(locale);
    await expect(select).toBeEnabled();
  }

  // The choice is saved on the profile: a reload keeps Ukrainian
  await page.reload();
  await expectSideMenuIn(page, 'uk');

  // And back to English
  await select.selectOption('en');
  await expectSideMenuIn(page, 'en');
  expect(await page.getByTestId('side-menu').innerText()).toBe(english);
  expect(await languageCookie(context)).toBe('en');
});

test("a visitor's language choice on the welcome panel changes the page and is remembered", async ({
  page,
  context,
}) => {
  await page.goto('/auth');
  const welcome = page.getByTestId('guest-welcome');
  await expect(page.getByRole('heading', { name: en.auth.login.title })).toBeVisible();
  expect(await languageCookie(context)).toBeUndefined();

  await welcome.getByTestId('language-select').selectOption('fr_be');
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang('fr_be'));
  await expect(page.getByRole('heading', { name: fr_be.auth.login.title })).toBeVisible();
  await expect(welcome.getByRole('heading', { name: fr_be.welcome.title })).toBeVisible();
  await expect(page.getByTestId('login-submit')).toHaveText(fr_be.auth.login.submit);
  expect(await languageCookie(context)).toBe('fr_be');

  // The cookie carries the choice over a reload and to other visitor pages
  await page.goto('/auth/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang('fr_be'));
  await expect(page.getByRole('heading', { name: fr_be.auth.signup.title })).toBeVisible();

  await welcome.getByTestId('language-select').selectOption('pl');
  await expect(page.getByRole('heading', { name: pl.auth.signup.title })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang('pl'));
  await expect(page.getByRole('heading', { name: pl.auth.signup.title })).toBeVisible();
  await expect(welcome.getByTestId('language-select')).toHaveValue('pl');
  expect(await languageCookie(context)).toBe('pl');
});
