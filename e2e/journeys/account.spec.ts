import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { unzipSync } from 'fflate';
import { escapeRegExp } from '../support/accounts.js';
import { E2E_BASE_URL } from '../support/env.js';
import { readInstance } from '../support/instance-db.js';
import { mailCount, waitForMail } from '../support/mailbox.js';
import { api, apiCollection, apiMemo, newMember, pageFor } from '../support/members.js';
import { STRONG_PASSWORD, logout, submitLogin, uniqueEmail } from '../support/session.js';
import { toast } from '../support/ui.js';
import SQLite from 'better-sqlite3';
import { join } from 'node:path';

const CONFIRM_LINK = new RegExp(
  `(${escapeRegExp(E2E_BASE_URL)}/auth/confirm-email\\?token=[^\\s"'<>]+)`,
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/**
 * Opens the account settings and waits until the whole page shows: its sections load
 * lazily and stay hidden until the last one is there (slow on a busy machine).
 */
async function openAccountSettings(page: Page): Promise<void> {
  await page.goto('/account-settings');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible({
    timeout: 45_000,
  });
}

/** The grace period of a deletion is over: its waiting job is due now (a fixture). */
function endGracePeriod(userId: number): void {
  const db = new SQLite(join(process.env.E2E_DATA_DIR ?? '', 'memoria.db'));
  try {
    db.prepare(
      "update jobs set run_at = created_at where unique_key = ? and status = 'queued'",
    ).run(`account-delete:${userId}`);
  } finally {
    db.close();
  }
}

test('a person changes their e-mail address through the confirmation link', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Lovelace');
  const next = uniqueEmail('ada-new');
  const page = await pageFor(browser, ada);
  await openAccountSettings(page);
  const section = page.getByTestId('email-section');
  await expect(section.getByTestId('email-current')).toHaveText(
    `You sign in with ${ada.usermail}.`,
  );

  // A wrong password is refused on its field; nothing is mailed
  await section.getByLabel('New email address').fill(next);
  await section.getByLabel('Your password').fill('Not-the-password1');
  await section.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(section.getByText('The password is not correct.')).toBeVisible();

  await section.getByLabel('Your password').fill(STRONG_PASSWORD);
  await section.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(section.getByTestId('email-sent')).toHaveText(
    'We sent a confirmation link to the new address. The change happens when you open it.',
  );
  const { match } = await waitForMail(next, CONFIRM_LINK);

  // Until the link is opened the address stays
  await openAccountSettings(page);
  await expect(section.getByTestId('email-current')).toContainText(ada.usermail);

  const before = await mailCount(ada.usermail);
  await page.goto(match[1]!);
  await page.getByRole('button', { name: 'Confirm the new address' }).click({ timeout: 30_000 });
  await expect(page.getByTestId('confirm-email-done')).toHaveText(
    `Your email address is now ${next}.`,
  );
  await expect(page.getByRole('link', { name: 'Go to the account settings' })).toBeVisible();
  // The old address is told
  await waitForMail(ada.usermail, new RegExp(`now signs in with ${escapeRegExp(next)}`), {
    after: before,
  });
  await openAccountSettings(page);
  await expect(section.getByTestId('email-current')).toHaveText(`You sign in with ${next}.`);

  // The old address no longer signs in; the new one does
  await logout(page);
  await submitLogin(page, ada.usermail, STRONG_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong email or password.');
  await submitLogin(page, next, STRONG_PASSWORD);
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a person deletes their account (wrong password first) and can no longer sign in', async ({
  browser,
  request,
}) => {
  const grace = await newMember(request, 'Grace Hopper');
  const page = await pageFor(browser, grace);
  await openAccountSettings(page);
  const section = page.getByTestId('delete-section');
  await section.getByLabel('Why are you leaving?').fill('Moving to another service');
  await section.getByLabel('Your password').fill('Not-the-password1');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    section.getByText('The password is not correct. Your account was not deleted.'),
  ).toBeVisible();
  await expect(page.getByTestId('account-settings')).toBeVisible();

  await section.getByLabel('Your password').fill(STRONG_PASSWORD);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(toast(page, /Your account is disabled and will be deleted on/)).toBeVisible();
  // The session the test signed in with through the API ended too
  const old = await request.get('/api/profile', {
    headers: { Authorization: `Bearer ${grace.pair.token}` },
  });
  expect(old.status()).toBe(401);

  // After the grace period the job deletes the account: signing in is refused
  endGracePeriod(grace.id);
  await expect
    .poll(() => readInstance('select id from users where id = ?', grace.id).length, {
      timeout: 15_000,
    })
    .toBe(0);
  await submitLogin(page, grace.usermail, STRONG_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong email or password.');
});

test('signing in during the grace period keeps the account', async ({ browser, request }) => {
  const alan = await newMember(request, 'Alan Turing');
  await api(
    request,
    alan,
    'POST',
    '/api/user/account/delete',
    {
      reason: 'Testing',
      password: STRONG_PASSWORD,
    },
    202,
  );
  const page = await pageFor(browser);
  await submitLogin(page, alan.usermail, STRONG_PASSWORD);
  await expect(toast(page, 'Welcome back. Your account will not be deleted.')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a person downloads their data export and the zip holds their memos and files', async ({
  browser,
  request,
}) => {
  const marie = await newMember(request, 'Marie Curie');
  const collection = await apiCollection(request, marie, { name: 'Radium notes', type: 'private' });
  const memo = await apiMemo(request, marie, collection.id, { title: 'Polonium findings' });
  const upload = await request.post('/api/memo/document', {
    headers: { Authorization: `Bearer ${marie.pair.token}` },
    multipart: {
      file: { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      memo: `/api/memo/${memo.id}`,
    },
  });
  expect(upload.status()).toBe(201);

  const page = await pageFor(browser, marie);
  await openAccountSettings(page);
  const section = page.getByTestId('export-section');
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(section.getByTestId('export-preparing')).toBeVisible();
  await expect(section.getByTestId('export-ready')).toBeVisible({ timeout: 20_000 });
  await waitForMail(
    marie.usermail,
    /The copy of your memos, collections, comments and files is ready/,
  );

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: /Download the zip/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^memoria-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const memos = JSON.parse(new TextDecoder().decode(zip['memos.json'])) as {
    title: string;
    files: string[];
  }[];
  expect(memos.map((m) => m.title)).toEqual(['Polonium findings']);
  const file = memos[0]!.files[0]!;
  expect(file).toMatch(/^files\/\d+-plan\.pdf$/);
  expect(Buffer.from(zip[file]!)).toEqual(PDF);
  const collections = JSON.parse(new TextDecoder().decode(zip['collections.json'])) as {
    name: string;
  }[];
  expect(collections.map((c) => c.name)).toContain('Radium notes');
});
