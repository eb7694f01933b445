import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test.js';
import { newMember, pageFor } from '../support/members.js';
import { grantPlan } from '../support/admin.js';
import { toast } from '../support/ui.js';

/**
 * Issue 20 in the browser: a person fills in the public profile settings (slug with its
 * availability check, accent colour, banner, call-to-action button), sees the live preview,
 * is stopped by a 21-character button title, saves once; a visitor opens the page at its
 * slug and sees the banner, the accent colour and the button.
 */

let dir = '';
const banner = () => join(dir, 'banner.jpg');

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memoria-public-e2e-'));
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1600x500',
      '-frames:v',
      '1',
      banner(),
    ],
    { stdio: 'pipe' },
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a person fills in the public profile and a visitor sees it at its slug', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const slug = `ann${stamp}`;
  const ann = await newMember(request, `Ann Atlas ${stamp}`);
  // the accent colour, banner and call-to-action belong to the extended profile: a subscription
  await grantPlan(ann.usermail, 'bronze');
  const page = await pageFor(browser, ann);
  await page.goto('/public-account-settings');
  const form = page.getByTestId('public-settings');
  await expect(form.getByRole('heading', { name: 'Public profile', level: 1 })).toBeVisible();

  // the slug: a bad one is refused on leaving the field, a free one is announced
  const slugInput = page.getByTestId('public-slug');
  await slugInput.fill('ab');
  await slugInput.blur();
  await expect(
    form.getByText('Use 3 to 30 lowercase letters or digits, with at least one letter.').first(),
  ).toBeVisible();
  await slugInput.fill(slug);
  await expect(page.getByTestId('public-slug-status')).toHaveText('This address is free.');

  await page.getByTestId('public-description').fill('Maps, trains and timetables.');
  await page.getByTestId('public-website').fill('atlas.example');
  await page.getByTestId('public-accent_color').fill('#0b7285');
  await page.getByTestId('public-cta_button_title').fill('Book a map session!!');
  await page.getByTestId('public-cta_button_url').fill('https://atlas.example/book');
  await page.getByTestId('public-cta_button_color').fill('#e8590c');

  // the live preview follows the form before anything is saved
  const preview = page.getByTestId('public-preview');
  await expect(preview.getByTestId('public-preview-cta')).toHaveText('Book a map session!!');
  await expect(preview.getByTestId('public-preview-banner')).toHaveAttribute(
    'data-accent',
    '#0b7285',
  );

  // the banner is cropped to a 3:1 strip in the photo editor, uploaded and shown in the preview
  await page.getByTestId('public-banner').locator('input[type=file]').setInputFiles(banner());
  const editor = page.getByRole('dialog');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Your banner has been saved.')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByTestId('public-preview-banner')).toHaveAttribute(
    'style',
    /\/api\/user\/photo\/\d+\?variant=1200w/,
  );

  // 21 characters are one too many for the button
  await page.getByTestId('public-cta_button_title').fill('Book a map session!!!');
  await page.getByTestId('public-save').click();
  await expect(form.getByText('The button title must be at most 20 characters.')).toBeVisible();
  await page.getByTestId('public-cta_button_title').fill('Book a map session!!');
  await page.getByTestId('public-save').click();
  await expect(toast(page, 'Your public profile has been saved.')).toBeVisible();
  await expect(page.getByTestId('public-open')).toHaveAttribute('href', `/p/profile/${slug}`);

  // a visitor opens the page at its slug
  const visitor = await pageFor(browser);
  await visitor.goto(`/p/profile/${slug}`);
  const card = visitor.getByTestId('public-card');
  // the first visit loads the page's chunks and texts: slow on a loaded machine
  await expect(card.getByTestId('public-card-name')).toHaveText(ann.name, { timeout: 45_000 });
  await expect(card.getByText('Maps, trains and timetables.')).toBeVisible();
  const cta = card.getByRole('link', { name: 'Book a map session!!' });
  await expect(cta).toHaveAttribute('href', 'https://atlas.example/book');
  await expect(card.getByRole('link', { name: 'atlas.example' })).toHaveAttribute(
    'href',
    'https://atlas.example',
  );
  const shownBanner = card.getByTestId('public-card-banner');
  await expect(shownBanner).toHaveAttribute('data-accent', '#0b7285');
  await expect(shownBanner).toHaveAttribute('style', /\/api\/user\/photo\/\d+\?variant=1200w/);
  await expect(shownBanner).toHaveAttribute('role', 'img');
  // the banner file itself loads for a visitor
  const src = /url\("([^"]+)"\)/.exec((await shownBanner.getAttribute('style')) ?? '')?.[1];
  expect(src).toBeTruthy();
  expect((await visitor.request.get(src as string)).status()).toBe(200);

  await visitor.context().close();
  await page.context().close();
});
