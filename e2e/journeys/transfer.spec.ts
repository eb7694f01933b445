import type { Route } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditScreen, describeFindings, failing, type Finding } from '../support/axe.js';
import { foundIn, sha256File, writeRandomFile, zipEntryHashes } from '../support/big-files.js';
import { waitForMail } from '../support/mailbox.js';
import { apiCollection, newMember, pageFor } from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';
import { expect, test } from '../support/test.js';

const MEGABYTE = 1024 * 1024;
/** The encrypted size: every 64 KiB record of plaintext gains a 16-byte tag. */
const cipherSize = (size: number) => size + Math.max(1, Math.ceil(size / 65_536)) * 16;

// the 200 MB made for a journey goes with it, not into the kept artifacts
test.afterEach(({ browserName: _ }, testInfo) => {
  rmSync(testInfo.outputPath('sent'), { recursive: true, force: true });
});

/**
 * File transfer (docs/notes/file-transfer.md), the "done when": a visitor sends two
 * files, one of 200 MB, with a password and two allowed downloads, and has the link mailed;
 * the connection drops in the middle of the big file and the upload goes on from the
 * server's offset. Another browser opens the mailed link, is refused with a wrong password,
 * downloads both files with the right one (the first download), then comes back for all of
 * them as a zip (the second); the bytes are the originals each time, and the link is then
 * used up. The server keeps only ciphertext.
 */
test('a visitor sends 200 MB with a password; the receiver decrypts it twice, then the link is spent', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // on disk, handed to the browser by path: 200 MB never crosses the protocol as a buffer
  const sent = testInfo.outputPath('sent');
  const bigPath = join(sent, 'photos.bin');
  const smallPath = join(sent, 'note.txt');
  const bigSize = 200 * MEGABYTE;
  mkdirSync(sent, { recursive: true });
  const marker = `plain-marker-${stamp}`;
  const originals = {
    'photos.bin': await writeRandomFile(bigPath, bigSize, `${marker}\n`),
    'note.txt': '',
  };
  writeFileSync(smallPath, `Hello ${stamp}, a small note in clear text.\n`);
  originals['note.txt'] = await sha256File(smallPath);

  const findings: Finding[] = [];
  // the sender on a phone, the receiver on a desktop
  const sender = await (
    await browser.newContext({ viewport: { width: 375, height: 800 } })
  ).newPage();
  // The connection drops in the middle of the big file: the first PATCH past a quarter of
  // it is cut. Every PATCH's offset is kept, and the offsets the server answers to HEAD.
  const quarter = cipherSize(bigSize) / 4;
  let cut: { url: string; offset: number } | null = null;
  // in the order they happened: the PATCHes sent, and the offsets the server answered to HEAD
  const seen: { method: string; url: string; offset: number }[] = [];
  sender.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/transfer-uploads/')) {
      seen.push({
        method: 'PATCH',
        url: request.url(),
        offset: Number(request.headers()['upload-offset']),
      });
    }
  });
  // Intercepting costs every PATCH a copy of its 8 MB through the test (about 5 s in all), so
  // the route goes once the client has asked where the server stood. Taken away at the cut
  // itself, it raced that HEAD (sent at once): the likely reason one run under load recorded
  // no answer to it (docs/TESTING.md, "Flaky journeys found").
  const cutter = async (route: Route) => {
    const request = route.request();
    const offset = Number(request.headers()['upload-offset']);
    if (cut && request.method() === 'HEAD') {
      await route.continue();
      await sender.unroute('**/api/transfer-uploads/**', cutter);
      return;
    }
    if (cut || request.method() !== 'PATCH' || !(offset > quarter)) {
      await route.continue();
      return;
    }
    cut = { url: request.url(), offset };
    await route.abort('connectionreset');
  };
  await sender.route('**/api/transfer-uploads/**', cutter);
  sender.on('response', (response) => {
    if (response.request().method() === 'HEAD' && response.url().includes('/transfer-uploads/')) {
      const offset = Number(response.headers()['upload-offset']);
      seen.push({ method: 'HEAD', url: response.url(), offset });
    }
  });
  await sender.goto('/file-transfer');
  await sender.locator('input[type="file"]').setInputFiles([bigPath, smallPath]);
  const files = sender.getByRole('list', { name: 'Files to send' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await sender.getByLabel('Downloads allowed').fill('2');
  await sender.getByRole('textbox', { name: 'Password (optional)' }).fill('river-stone-42');
  await sender.getByLabel('Message (optional, encrypted too)').fill('For the archive');
  findings.push(...(await auditScreen(sender, 'transfer form')));
  await sender.getByRole('button', { name: 'Send', exact: true }).click();
  const linkField = sender.getByTestId('transfer-link');
  await expect(linkField).toBeVisible({ timeout: 90_000 });
  const link = await linkField.inputValue();
  findings.push(...(await auditScreen(sender, 'transfer ready')));
  expect(link).toMatch(/\/transfer\/d\/[0-9a-f]{32}#[A-Za-z0-9_-]{43}$/);

  // it was cut in the middle, and went on where the server stood, not from the start
  const dropped = cut as { url: string; offset: number } | null;
  expect(dropped).not.toBeNull();
  const { url: bigUpload, offset: cutAt } = dropped!;
  expect(cutAt).toBeGreaterThan(quarter);
  expect(cutAt).toBeLessThan(cipherSize(bigSize));
  const afterCut = seen
    .slice(seen.findIndex((event) => event.method === 'PATCH' && event.offset === cutAt) + 1)
    .filter((event) => event.url === bigUpload);
  // the client asked the server where it stood, and went on from there
  expect(
    afterCut.find((event) => event.method === 'HEAD')?.offset,
    `the events after the cut: ${JSON.stringify(afterCut.slice(0, 4))}`,
  ).toBe(cutAt);
  const resumedFrom = afterCut.filter((event) => event.method === 'PATCH').map((e) => e.offset);
  expect(resumedFrom[0]).toBe(cutAt);
  expect(resumedFrom.filter((offset) => offset < cutAt)).toEqual([]);

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

  // the server holds ciphertext only: the big file whole, without its marker
  const stored = join(process.env.E2E_DATA_DIR ?? '', 'transfers');
  const blobs = readdirSync(stored)
    .filter((name) => !name.endsWith('.json'))
    .map((name) => join(stored, name));
  // the big file's blob is named by its upload's id, the last part of its upload address
  const bigBlob = join(stored, new URL(bigUpload).pathname.split('/').pop()!);
  expect(blobs).toContain(bigBlob);
  expect(statSync(bigBlob).size).toBe(cipherSize(bigSize));
  const plaintexts = [marker, `Hello ${stamp}`];
  // (the search finds them where they are in clear)
  expect(await foundIn(smallPath, plaintexts)).toEqual([`Hello ${stamp}`]);
  for (const path of blobs) expect(await foundIn(path, plaintexts)).toEqual([]);

  const receiver = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  const openWith = async (password: string) => {
    await receiver.getByRole('textbox', { name: 'Password' }).fill(password);
    await receiver.getByRole('button', { name: 'Open' }).click();
  };
  // the receiver opens the link from the mail
  await receiver.goto(match[1]!);
  await expect(receiver.getByText('This transfer is protected with a password.')).toBeVisible();
  await expect(receiver.getByText('2 downloads left')).toBeVisible();
  findings.push(...(await auditScreen(receiver, 'transfer password')));
  await openWith('wrong-guess');
  await expect(receiver.getByRole('alert')).toHaveText('The password is not right.');
  // the first download: both files, one by one
  await openWith('river-stone-42');
  await expect(receiver.getByTestId('transfer-files')).toBeVisible();
  await expect(receiver.getByText('For the archive')).toBeVisible();
  await expect(receiver.getByText('1 download left')).toBeVisible();
  findings.push(...(await auditScreen(receiver, 'transfer files')));
  for (const name of ['photos.bin', 'note.txt'] as const) {
    const saved = receiver.waitForEvent('download');
    await receiver.getByRole('button', { name: `Download ${name}` }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(name);
    // streamed to disk by the download worker, not gathered in the page
    expect(download.url()).toContain('/transfer/d/_stream/');
    expect(await sha256File(await download.path())).toBe(originals[name]);
  }

  // the second download, on another visit: all at once, as one zip the download worker
  // makes from the decrypting streams
  await receiver.reload();
  await expect(receiver.getByText('1 download left')).toBeVisible();
  await openWith('river-stone-42');
  await expect(receiver.getByText('0 downloads left')).toBeVisible();
  const zipped = receiver.waitForEvent('download');
  await receiver.getByRole('button', { name: 'Download all' }).click();
  const zip = await zipped;
  expect(zip.suggestedFilename()).toBe('files.zip');
  expect(zip.url()).toContain('/transfer/d/_stream/');
  expect(await zipEntryHashes(await zip.path())).toEqual(originals);

  // both downloads were used: the link is now invalid
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
