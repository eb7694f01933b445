import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { auditScreen, describeFindings, failing, type Finding } from '../support/axe.js';
import { waitForMail } from '../support/mailbox.js';
import { apiCollection, newMember, pageFor } from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';
import { expect, test } from '../support/test.js';

/**
 * File transfer (docs/notes/file-transfer.md): a visitor sends two files with a password
 * and one allowed download, and has the link mailed; another browser opens the mailed link,
 * is refused with a wrong password, downloads both with the right one (one by one, then
 * all as a zip) and gets the original bytes; the link is then used up. The server keeps
 * only ciphertext.
 */
test('a visitor sends two files with a password; the receiver decrypts them once', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const big = Buffer.concat([Buffer.from(`plain-marker-${stamp}\n`), randomBytes(3 * 1024 * 1024)]);
  const small = Buffer.from(`Hello ${stamp}, a small note in clear text.\n`);

  const findings: Finding[] = [];
  // the sender on a phone, the receiver on a desktop
  const sender = await (
    await browser.newContext({ viewport: { width: 375, height: 800 } })
  ).newPage();
  // the connection drops during the first chunk: the upload retries from the server's offset
  let cut = false;
  await sender.route('**/api/transfer-uploads/**', async (route) => {
    if (!cut && route.request().method() === 'PATCH') {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await sender.goto('/file-transfer');
  await sender.locator('input[type="file"]').setInputFiles([
    { name: 'photos.bin', mimeType: 'application/octet-stream', buffer: big },
    { name: 'note.txt', mimeType: 'text/plain', buffer: small },
  ]);
  const files = sender.getByRole('list', { name: 'Files to send' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await sender.getByLabel('Downloads allowed').fill('1');
  await sender.getByRole('textbox', { name: 'Password (optional)' }).fill('river-stone-42');
  await sender.getByLabel('Message (optional, encrypted too)').fill('For the archive');
  findings.push(...(await auditScreen(sender, 'transfer form')));
  await sender.getByRole('button', { name: 'Send', exact: true }).click();
  const linkField = sender.getByTestId('transfer-link');
  await expect(linkField).toBeVisible({ timeout: 30_000 });
  const link = await linkField.inputValue();
  expect(cut).toBe(true);
  findings.push(...(await auditScreen(sender, 'transfer ready')));
  expect(link).toMatch(/\/transfer\/d\/[0-9a-f]{32}#[A-Za-z0-9_-]{43}$/);

  // the sender has the link mailed: the page says first that the server sees it once
  const recipient = `recipient-${stamp}@example.org`;
  await expect(sender.getByTestId('transfer-mail-notice')).toContainText('sees it once');
  await expect(sender.getByTestId('transfer-mail-notice')).toContainText(
    'the link alone still opens nothing',
  );
  await sender.getByLabel(/^Recipients/).fill(recipient);
  await sender.getByLabel(/^Note in the e-mail/).fill('The photos from Sunday');
  await sender.getByRole('button', { name: 'Mail the link' }).click();
  await expect(sender.getByTestId('transfer-mailed')).toContainText('Addresses mailed: 1.');
  const { mail, match } = await waitForMail(recipient, /(http\S+\/transfer\/d\/\S+)/);
  expect(mail.text).toContain('The photos from Sunday');
  // the mail carries the very link, key included
  expect(match[1]).toBe(link);

  // the server holds ciphertext only
  const stored = join(process.env.E2E_DATA_DIR ?? '', 'transfers');
  const blobs = readdirSync(stored).filter((name) => !name.endsWith('.json'));
  expect(blobs.length).toBeGreaterThanOrEqual(2);
  for (const name of blobs) {
    const bytes = readFileSync(join(stored, name));
    expect(bytes.includes(`plain-marker-${stamp}`)).toBe(false);
    expect(bytes.includes(`Hello ${stamp}`)).toBe(false);
  }

  const receiver = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  // the receiver opens the link from the mail
  await receiver.goto(match[1]!);
  await expect(receiver.getByText('This transfer is protected with a password.')).toBeVisible();
  findings.push(...(await auditScreen(receiver, 'transfer password')));
  await receiver.getByRole('textbox', { name: 'Password' }).fill('wrong-guess');
  await receiver.getByRole('button', { name: 'Open' }).click();
  await expect(receiver.getByRole('alert')).toHaveText('The password is not right.');
  await receiver.getByRole('textbox', { name: 'Password' }).fill('river-stone-42');
  await receiver.getByRole('button', { name: 'Open' }).click();
  await expect(receiver.getByTestId('transfer-files')).toBeVisible();
  await expect(receiver.getByText('For the archive')).toBeVisible();
  findings.push(...(await auditScreen(receiver, 'transfer files')));

  for (const [name, original] of [
    ['photos.bin', big],
    ['note.txt', small],
  ] as const) {
    const saved = receiver.waitForEvent('download');
    await receiver.getByRole('button', { name: `Download ${name}` }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(name);
    // streamed to disk by the download worker, not gathered in the page
    expect(download.url()).toContain('/transfer/d/_stream/');
    const path = await download.path();
    expect(readFileSync(path).equals(original)).toBe(true);
  }

  // and all at once, as one zip the download worker makes from the decrypting streams
  const zipped = receiver.waitForEvent('download');
  await receiver.getByRole('button', { name: 'Download all' }).click();
  const zip = await zipped;
  expect(zip.suggestedFilename()).toBe('files.zip');
  expect(zip.url()).toContain('/transfer/d/_stream/');
  const unpacked = unzipSync(readFileSync(await zip.path()));
  expect(Object.keys(unpacked).sort()).toEqual(['note.txt', 'photos.bin']);
  expect(Buffer.from(unpacked['photos.bin']!).equals(big)).toBe(true);
  expect(Buffer.from(unpacked['note.txt']!).equals(small)).toBe(true);

  // the only download was used: the link is now invalid
  await receiver.reload();
  await expect(receiver.getByTestId('transfer-invalid')).toContainText(
    'This link is invalid or has expired.',
  );
  findings.push(...(await auditScreen(receiver, 'transfer invalid link')));
  expect(failing(findings), describeFindings(failing(findings))).toEqual([]);
});

/**
 * A signed-in person sends a file into one of their collections: the page warns that this is
 * not end-to-end encrypted, and the file becomes a document of a new memo there.
 */
test('a member sends a file into a collection and it becomes a memo’s document', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await newMember(request, 'Tess Transfer');
  const inbox = await apiCollection(request, member, { name: 'Scans inbox', type: 'private' });
  const findings: Finding[] = [];
  const sizes = { desktop: SCREEN_SIZES.desktop, phone: { width: 375, height: 800 } };
  for (const [size, viewport] of Object.entries(sizes)) {
    const page = await pageFor(browser, member, { viewport });
    await page.goto('/file-transfer');
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('Receipt 42\n') },
      ]);
    const destination = page.getByTestId('transfer-destination');
    await destination.click();
    await page.getByRole('option', { name: 'Scans inbox' }).click();
    await expect(page.getByTestId('transfer-plain-warning')).toContainText(
      'Not end-to-end encrypted',
    );
    await expect(page.getByRole('textbox', { name: 'Password (optional)' })).toHaveCount(0);
    await shoot(page, `transfer-collection-${size}`);
    if (size !== 'desktop') {
      await page.close();
      continue;
    }
    findings.push(...(await auditScreen(page, 'transfer into a collection')));
    await page.getByLabel('Memo title (optional)').fill('Receipts of May');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // a durable job files it; the page follows until the memo is made
    await expect(page.getByTestId('transfer-filed')).toContainText(
      'The files are now documents of a new memo in Scans inbox.',
      { timeout: 30_000 },
    );
    await shoot(page, `transfer-collection-filed-${size}`);
    // "my transfers" shows it filed, with the memo too
    await expect(
      page.getByRole('region', { name: 'My transfers' }).getByText('In the collection'),
    ).toBeVisible();
    await page.getByTestId('transfer-filed').getByRole('link', { name: 'Open the memo' }).click();
    await expect(page.getByRole('heading', { name: 'Receipts of May' })).toBeVisible();
    await expect(page.getByText('receipt.txt').first()).toBeVisible();
    // next time, the collection is offered first
    await page.goto('/file-transfer');
    await expect(page.getByTestId('transfer-destination')).toHaveValue(inbox.name);
    await page.close();
  }
  expect(failing(findings), describeFindings(failing(findings))).toEqual([]);
});
