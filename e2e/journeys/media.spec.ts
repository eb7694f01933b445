import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { bearer } from '../support/accounts.js';
import { grantPlan } from '../support/admin.js';
import { api, apiCollection, apiMemo, newMember, pageFor } from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * Issue 4 in the browser: a photo, a video and a PDF uploaded to a memo from the memo
 * editor; the photo variants, the converted video playing, a new version of the PDF on the
 * collection's documents page; a visitor with the secret link sees the photo, a stranger is
 * refused. Fixtures are made at test time with ffmpeg (Debian's).
 */

interface Attachment {
  id: number;
  status: string;
  secure_url: string | null;
  secure_urls: Record<string, string> | null;
  content_url: string;
  file_name: string;
}
interface MemoAnswer {
  memo_photos: Attachment[];
  memo_videos: Attachment[];
  memo_documents: Attachment[];
}

let dir = '';
const fixture = (name: string) => join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memoria-media-e2e-'));
  const ffmpeg = (...args: string[]) =>
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'pipe' });
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=1600x1000', '-frames:v', '1', fixture('harbour.jpg'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', fixture('clip.mov')],
  );
  const pdf = (text: string) =>
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`;
  execFileSync('sh', ['-c', `cat > ${fixture('plan.pdf')}`], { input: pdf('first') });
  execFileSync('sh', ['-c', `cat > ${fixture('plan-v2.pdf')}`], { input: pdf('second') });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate(async (node) => {
      const image = node as HTMLImageElement;
      if (!image.complete)
        await new Promise((r) => image.addEventListener('load', r, { once: true }));
      return image.naturalWidth > 0;
    });
}

test('photo, video and PDF on a memo: variants, the converted video plays, a new PDF version, secret link and stranger', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await newMember(request, 'Mia Media');
  const stranger = await newMember(request, 'Stan Stranger');
  // keeping older versions of documents is part of a subscription
  await grantPlan(owner.usermail, 'bronze');
  const collection = await apiCollection(request, owner, {
    name: 'Harbour project',
    type: 'private',
    allow_add_documents: true,
    allow_replace_documents: true,
    preserve_documents_version: true,
  });
  const memo = await apiMemo(request, owner, collection.id, { title: 'Harbour walk' });

  // Upload from the memo editor: three files at once, each with its progress, then save.
  const page = await pageFor(browser, owner);
  await page.goto(`/memo/${memo.id}`);
  await page.getByTestId('memo-edit').click();
  const editor = page.getByTestId('memo-editor');
  await expect(editor.getByTestId('memo-add-files')).toBeVisible();
  await editor
    .locator('input[type=file][multiple]')
    .setInputFiles([fixture('harbour.jpg'), fixture('clip.mov'), fixture('plan.pdf')]);
  await expect(editor.getByTestId('attachment-thumb')).toHaveCount(2, { timeout: 60_000 });
  await expect(editor.getByTestId('attachment-document')).toHaveCount(1);
  await expect(editor.getByTestId('upload-item')).toHaveCount(0, { timeout: 60_000 });
  await editor.getByTestId('memo-attachments-editor').scrollIntoViewIfNeeded();
  await shoot(page, 'media-editor-desktop');
  await editor.getByTestId('memo-save').click();
  await expect(editor).toBeHidden();

  // The memo shows the photo from its variants and the video as pending until converted.
  const saved = await api<MemoAnswer>(request, owner, 'GET', `/api/memo/${memo.id}`);
  expect(saved.memo_photos).toHaveLength(1);
  expect(saved.memo_videos).toHaveLength(1);
  expect(saved.memo_documents.map((d) => d.file_name)).toEqual(['plan.pdf']);
  const photo = saved.memo_photos[0]!;
  expect(Object.keys(photo.secure_urls ?? {}).sort()).toEqual(
    ['220w', '40w', '550w', '80w', '900w'].sort(),
  );
  const grid = page.getByTestId('photo-grid');
  await expect(grid).toBeVisible();
  const srcset = await grid.locator('img').first().getAttribute('srcset');
  expect(srcset).toMatch(/variant=220w.* 220w/);
  expect(srcset).toMatch(/variant=900w.* 900w/);
  expect(await imageLoaded(page, '[data-testid=photo-grid] img')).toBe(true);

  // The video is converted by the durable job; the page polls until it is ready.
  await expect(page.getByTestId('video-pending')).toHaveCount(0, { timeout: 120_000 });
  const converted = await api<MemoAnswer>(request, owner, 'GET', `/api/memo/${memo.id}`);
  const video = converted.memo_videos[0]!;
  expect(video.status).toBe('ready');
  await page.goto(`/memo/${memo.id}/gallery/${video.id}`);
  const player = page.getByTestId('gallery-video');
  await expect(player).toBeVisible();
  const played = await player.evaluate(async (node) => {
    const element = node as HTMLVideoElement;
    element.muted = true;
    await element.play();
    // playing is the clock moving on: wait for that, not a fixed time (10 s at most)
    await new Promise<void>((resolve) => {
      const tick = () =>
        element.currentTime > 0
          ? resolve()
          : element.addEventListener('timeupdate', tick, { once: true });
      tick();
      setTimeout(resolve, 10_000);
    });
    return { time: element.currentTime, error: element.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0);
  await shoot(page, 'media-gallery-video-desktop');

  // A new version of the PDF from the collection's documents page; the old one is kept.
  await page.goto(`/collections/${collection.id}/documents`);
  const row = page.getByTestId('collection-document');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('plan.pdf');
  await row.locator('input[type=file]').setInputFiles(fixture('plan-v2.pdf'));
  await expect(row).toContainText('plan-v2.pdf', { timeout: 30_000 });
  await row.getByTestId('document-versions-toggle').click();
  await expect(row.getByTestId('document-versions')).toContainText('plan.pdf');
  const documents = await api<MemoAnswer>(request, owner, 'GET', `/api/memo/${memo.id}`);
  expect(documents.memo_documents.map((d) => d.file_name)).toEqual(['plan-v2.pdf']);
  const download = await request.get(documents.memo_documents[0]!.secure_url!);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toContain('second');
  await shoot(page, 'media-documents-desktop');
  await page.setViewportSize(SCREEN_SIZES.phone);
  await shoot(page, 'media-documents-phone');
  await page.goto(`/memo/${memo.id}`);
  await expect(page.getByTestId('photo-grid')).toBeVisible();
  await shoot(page, 'media-memo-phone');
  await page.setViewportSize(SCREEN_SIZES.desktop);
  await page.goto(`/memo/${memo.id}`);
  await expect(page.getByTestId('photo-grid')).toBeVisible();
  await shoot(page, 'media-memo-desktop');

  // A visitor holding the collection's secret link sees the photo.
  const { secret_link: link } = await api<{ secret_link: string }>(
    request,
    owner,
    'GET',
    `/api/collection/${collection.id}/secret-link`,
  );
  const visitor = await pageFor(browser);
  await visitor.goto(link);
  await expect(visitor.getByTestId('photo-grid')).toBeVisible();
  expect(await imageLoaded(visitor, '[data-testid=photo-grid] img')).toBe(true);

  // A stranger gets no file and no memo.
  const refused = await request.get(photo.content_url, { headers: bearer(stranger.pair) });
  expect([403, 404]).toContain(refused.status());
  const anonymous = await request.get(photo.content_url);
  expect([403, 404]).toContain(anonymous.status());
  const strangerPage = await pageFor(browser, stranger);
  await strangerPage.goto(`/memo/${memo.id}`);
  await expect(strangerPage.getByTestId(/^error-page-40[34]$/)).toBeVisible();
  await expect(strangerPage.getByTestId('photo-grid')).toHaveCount(0);

  for (const p of [page, visitor, strangerPage]) await p.context().close();
});

test('account picture: cropped round in the photo editor, shown in the account', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(request, 'Ava Avatar');
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    const page = await pageFor(browser, member, { viewport });
    await page.goto('/account-settings');
    const section = page.getByTestId('avatar-section');
    await expect(section).toBeVisible();
    await section.locator('input[type=file]').setInputFiles(fixture('harbour.jpg'));
    const editor = page.getByTestId('photo-editor-step');
    await expect(editor).toHaveAttribute('data-status', 'ready');
    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 10; i += 1) await slider.press('ArrowRight');
    await shoot(page, `media-photo-editor-${size}`);
    await page.getByTestId('photo-editor-save').click();
    await expect(editor).toBeHidden();
    await expect(section.getByTestId('avatar-remove')).toBeVisible({ timeout: 30_000 });
    await expect(section.locator('img')).toHaveAttribute('src', /\/api\/user\/photo\/\d+/);
    expect(await imageLoaded(page, '[data-testid=avatar-section] img')).toBe(true);
    await shoot(page, `media-avatar-${size}`);
    await page.context().close();
  }
  const profile = await request.get('/api/profile', { headers: bearer(member.pair) });
  const picture = ((await profile.json()) as { user_picture: { content_url: string } }).user_picture
    .content_url;
  const big = await request.get(picture.replace('550w', '1200w'));
  expect(big.status()).toBe(200);
  expect(big.headers()['content-type']).toBe('image/webp');
});
