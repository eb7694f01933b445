import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { de } from '../../apps/web/src/i18n/locales/de.js';
import { en } from '../../apps/web/src/i18n/locales/en.js';
import { es } from '../../apps/web/src/i18n/locales/es.js';
import { feed as feedEn } from '../../apps/web/src/i18n/locales/feed/en.js';
import { fr_be } from '../../apps/web/src/i18n/locales/fr_be.js';
import { nl } from '../../apps/web/src/i18n/locales/nl.js';
import { pl } from '../../apps/web/src/i18n/locales/pl.js';
import { uk } from '../../apps/web/src/i18n/locales/uk.js';
import { signInContext } from '../support/accounts.js';
import { seedActivatedUser, uniqueEmail } from '../support/session.js';

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
  await signInContext(page, await seedActivatedUser(request, 'Marie Curie', usermail));
  await page.goto('/');
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

  // Sign-up has one language picker, the form's: it switches the page and is kept the same way
  await expect(welcome.getByTestId('language-select')).toHaveCount(0);
  await page.getByTestId('signup-language').selectOption('pl');
  await expect(page.getByRole('heading', { name: pl.auth.signup.title })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang('pl'));
  await expect(page.getByRole('heading', { name: pl.auth.signup.title })).toBeVisible();
  await expect(page.getByTestId('signup-language')).toHaveValue('pl');
  await page.goto('/auth');
  await expect(welcome.getByTestId('language-select')).toHaveValue('pl');
  expect(await languageCookie(context)).toBe('pl');
});

test('a language changed on another device replaces the remembered one while a screen loads its texts', async ({
  browser,
  page,
  context,
  request,
}) => {
  const usermail = uniqueEmail('hedwig');
  await signInContext(page, await seedActivatedUser(request, 'Hedwig Kiesekamp', usermail));
  await page.goto('/');
  await expectSideMenuIn(page, 'en');
  const origin = new URL(page.url()).origin;
  // This browser still remembers German (the profile was set to English elsewhere since).
  const signedIn = await context.storageState();
  for (const entry of signedIn.origins.flatMap((o) => o.localStorage)) {
    if (entry.name !== 'settings') continue;
    const settings = JSON.parse(entry.value) as { user: { locale: string } };
    settings.user.locale = 'de';
    entry.value = JSON.stringify(settings);
  }

  // The app starts in German and fetches the screen's texts, then the profile arrives and
  // switches it to English halfway. The screens' texts come slowly, as on a poor connection:
  // the German ones after the profile, the English ones after the screen's data. (The core
  // texts, which the first paint needs, come at once.)
  for (const [path, heading] of [
    ['/feed', feedEn.feed.title],
    ['/discover', feedEn.discover.title],
  ] as const) {
    const visit = await browser.newContext({ storageState: signedIn });
    await visit.addCookies([{ name: 'language', value: 'de', url: origin }]);
    const tab = await visit.newPage();
    await tab.route(/\/assets\/(en|de)-[\w-]+\.js$/, async (route) => {
      const body = await (await route.fetch()).text();
      if (!body.includes('skipToContent')) await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
    await tab.goto(`${origin}${path}`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectSideMenuIn(tab, 'en');
    // no text shown as its key (feed.feed.title, memos.card.by, …)
    await expect(tab.getByRole('main')).not.toContainText(
      /\b(feed|memos|engagement|collections|notifications)\.[a-z]+\.[A-Za-z]+/,
    );
    await visit.close();
  }
});
