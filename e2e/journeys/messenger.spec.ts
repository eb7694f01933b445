import { type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { SCREEN_SIZES, THEMES, shoot } from '../support/screens.js';
import { squarePng } from '../support/pictures.js';
import { expect, test } from '../support/test.js';
import { api, connectMembers, newMember, pageFor, type Member } from '../support/members.js';

/**
 * The messenger with three people (docs/notes/messenger.md): direct and group threads live
 * both ways, reply, reaction, edit, delete, a photo, read state and the unread badge, an
 * admin removing a member, leaving; a cut socket catching up; the screens in both themes.
 */
interface ThreadAnswer {
  id: number;
}

function apiThread(
  request: Parameters<typeof api>[0],
  from: Member,
  others: Member[],
  name?: string,
): Promise<ThreadAnswer> {
  return api<ThreadAnswer>(request, from, 'POST', '/api/thread', {
    users: others.map((m) => `/api/user/${m.id}`),
    thread_type: name ? 'group' : 'direct',
    ...(name ? { name } : {}),
  });
}

function apiSend(request: Parameters<typeof api>[0], from: Member, threadId: number, text: string) {
  return api(request, from, 'POST', '/api/thread/message', {
    thread: `/api/thread/${threadId}`,
    description: text,
    key: `${from.id}-${text}`,
  });
}

const messageWith = (page: Page, text: string): Locator =>
  page.getByTestId('message').filter({ hasText: text });

async function write(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(messageWith(page, text)).toHaveAttribute('data-status', 'sent');
}

test('direct and group conversations between three people, live both ways', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const ada = await newMember(request, 'Ada Lovelace');
  const ben = await newMember(request, 'Ben Okri');
  const chloe = await newMember(request, 'Chloé Zhao');
  await connectMembers(request, ada, ben);
  await connectMembers(request, ada, chloe);

  const adaPage = await pageFor(browser, ada);
  const benPage = await pageFor(browser, ben);
  await benPage.goto('/messages');
  await expect(benPage.getByTestId('threads-empty')).toBeVisible();

  // Ada starts a direct conversation from the create screen.
  await adaPage.goto('/messages/c');
  await adaPage.getByTestId(`pick-${ben.id}`).check();
  await adaPage.getByTestId('create-submit').click();
  await expect(adaPage).toHaveURL(/\/messages\/t\/\d+$/);
  const directId = Number(adaPage.url().split('/').pop());
  await write(adaPage, 'Hello Ben, are you there?');

  // Ben's list gets it live, with the unread badge in the list and the side menu.
  const benRow = benPage.getByTestId(`thread-row-${directId}`);
  await expect(benRow.getByTestId('thread-last')).toHaveText('Hello Ben, are you there?');
  await expect(benRow.getByTestId('thread-unread')).toHaveText('1');
  await expect(benPage.getByTestId('side-messages-badge')).toHaveAttribute('data-count', '1');

  // Ben opens it: read, the badge goes, Ada sees "seen by".
  await benRow.click();
  await expect(messageWith(benPage, 'Hello Ben, are you there?')).toBeVisible();
  await expect(benPage.getByTestId('side-messages-badge')).toHaveCount(0);
  await expect(adaPage.getByTestId('seen-by')).toContainText('Ben Okri');

  // Ben replies with a quote; Ada sees it live with the quote and Ben typing before.
  await messageWith(benPage, 'Hello Ben').getByTestId('reply-button').click();
  await benPage.getByTestId('composer').pressSequentially('Yes, here');
  await expect(adaPage.getByTestId('typing')).toContainText('Ben Okri');
  await benPage.getByTestId('composer').press('Enter');
  const reply = messageWith(adaPage, 'Yes, here');
  await expect(reply.getByTestId('message-quote')).toContainText('Hello Ben, are you there?');

  // Ada reacts; Ben sees the reaction.
  await reply.getByTestId('react-button').click();
  await adaPage.getByTestId('emoji-👍').click();
  await expect(messageWith(benPage, 'Yes, here').getByTestId('reaction-👍')).toHaveText('👍 1');

  // Ada edits, then deletes her message; Ben sees both.
  const first = messageWith(adaPage, 'Hello Ben, are you there?');
  await first.getByTestId('message-menu').click();
  await adaPage.getByTestId('edit-message').click();
  await adaPage.getByTestId('composer').fill('Hello Ben, you there?');
  await adaPage.getByTestId('composer').press('Enter');
  await expect(
    messageWith(benPage, 'Hello Ben, you there?').getByTestId('message-edited'),
  ).toBeVisible();
  await messageWith(adaPage, 'Hello Ben, you there?').getByTestId('message-menu').click();
  await adaPage.getByTestId('delete-message').click();
  await adaPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(benPage.getByText('This message was deleted.')).toBeVisible();
  await expect(benPage.getByText('Hello Ben, you there?')).toHaveCount(0);

  // A group with all three; Chloé and Ben get it live and write back.
  const chloePage = await pageFor(browser, chloe);
  await chloePage.goto('/messages');
  await adaPage.goto('/messages/c');
  // the segmented control's radio is hidden behind its label, which is what a person clicks
  await adaPage
    .locator('label')
    .filter({ hasText: /^Group$/ })
    .click();
  await expect(adaPage.getByRole('radio', { name: 'Group' })).toBeChecked();
  await adaPage.getByTestId('group-name').fill('Reading club');
  await adaPage.getByTestId(`pick-${ben.id}`).check();
  await adaPage.getByTestId(`pick-${chloe.id}`).check();
  await adaPage.getByTestId('create-submit').click();
  await expect(adaPage.getByTestId('thread-title')).toHaveText('Reading club');
  const groupId = Number(adaPage.url().split('/').pop());
  await write(adaPage, 'Welcome to the club');
  await chloePage.getByTestId(`thread-row-${groupId}`).click();
  await expect(messageWith(chloePage, 'Welcome to the club')).toBeVisible();
  await write(chloePage, 'Thanks Ada');
  await expect(messageWith(adaPage, 'Thanks Ada').getByTestId('message-author')).toHaveText(
    'Chloé Zhao',
  );
  await benPage.goto(`/messages/t/${groupId}`);
  await expect(messageWith(benPage, 'Thanks Ada')).toBeVisible();

  // Ada (admin) removes Chloé, who sees it at once.
  await adaPage.getByTestId('open-members').click();
  await adaPage.getByTestId(`member-menu-${chloe.id}`).click();
  await adaPage.getByTestId('remove-member').click();
  await adaPage
    .getByRole('dialog', { name: /Chloé Zhao/ })
    .getByRole('button', { name: 'Remove from the conversation' })
    .click();
  await expect(chloePage.getByTestId('thread-removed')).toBeVisible();
  await expect(chloePage.getByTestId(`thread-row-${groupId}`)).toHaveCount(0);
  await expect(adaPage.getByTestId(`member-${chloe.id}`)).toHaveCount(0);
  await adaPage.keyboard.press('Escape');

  // Ben leaves the group: it leaves his list; Ada's members follow.
  await benPage.getByTestId('open-members').click();
  await benPage.getByTestId('leave-thread').click();
  await benPage
    .getByRole('dialog', { name: 'Leave this conversation?' })
    .getByRole('button', { name: 'Leave the conversation' })
    .click();
  await expect(benPage).toHaveURL(/\/messages$/);
  await expect(benPage.getByTestId(`thread-row-${groupId}`)).toHaveCount(0);
  await adaPage.getByTestId('open-members').click();
  await expect(adaPage.getByTestId(`member-${ben.id}`)).toHaveCount(0);
});

test('a photo uploads with its progress bar and reaches the other person', async ({
  browser,
  request,
}) => {
  // Needs photos on messages on the server (docs/notes/messenger.md, Not yet).
  const ada = await newMember(request, 'Ada Byron');
  const ben = await newMember(request, 'Ben Franklin');
  await connectMembers(request, ada, ben);
  const thread = await apiThread(request, ada, [ben]);
  const adaPage = await pageFor(browser, ada);
  const benPage = await pageFor(browser, ben);
  await adaPage.goto(`/messages/t/${thread.id}`);
  await benPage.goto(`/messages/t/${thread.id}`);
  await expect(benPage.getByTestId('messages-empty')).toBeVisible();
  await adaPage
    .getByTestId('messenger')
    .locator('input[type=file]')
    .setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: squarePng('blue') });
  await expect(adaPage.getByTestId('upload')).toBeVisible();
  await expect(adaPage.getByTestId('send')).toBeEnabled();
  await adaPage.getByTestId('send').click();
  const photo = benPage.getByTestId('message-photo');
  await expect(photo).toHaveCount(1);
  // the thread picks a size: a signed URL per size in srcset
  await expect(photo).toHaveAttribute('srcset', /variant=220w.* 220w, .*variant=550w.* 550w/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await expect(adaPage.getByTestId('message').last()).toHaveAttribute('data-status', 'sent');
  // Ada takes the photo off the sent message; Ben's thread follows live
  const fileId = /\/api\/message\/photo\/(\d+)/.exec((await photo.getAttribute('src')) ?? '')?.[1];
  expect(fileId).toBeTruthy();
  await api(request, ada, 'DELETE', `/api/message/photo/${fileId}`);
  await expect(benPage.getByTestId('message-photo')).toHaveCount(0);
});

test('messages sent while the socket is down are all there once, in order, after it is back', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Yonath');
  const ben = await newMember(request, 'Ben Shneiderman');
  await connectMembers(request, ada, ben);
  const thread = await apiThread(request, ada, [ben]);
  await apiSend(request, ada, thread.id, 'Before the cut');

  const benPage = await pageFor(browser, ben);
  let down = false;
  let line: WebSocketRoute | undefined;
  await benPage.routeWebSocket(/\/api\/ws/, (socket) => {
    if (down) {
      void socket.close({ code: 4000, reason: 'network down' });
      return;
    }
    socket.connectToServer();
    line = socket;
  });
  await benPage.goto(`/messages/t/${thread.id}`);
  await expect(messageWith(benPage, 'Before the cut')).toBeVisible();
  await expect.poll(() => line !== undefined).toBe(true);
  await apiSend(request, ada, thread.id, 'Live 1');
  await expect(messageWith(benPage, 'Live 1')).toBeVisible();

  down = true;
  await line!.close({ code: 4000, reason: 'network down' });
  const during = Array.from({ length: 6 }, (_, i) => `While down ${i + 1}`);
  for (const text of during) await apiSend(request, ada, thread.id, text);
  down = false;

  await expect(messageWith(benPage, 'While down 6')).toBeVisible({ timeout: 15_000 });
  await apiSend(request, ada, thread.id, 'After the cut');
  await expect(messageWith(benPage, 'After the cut')).toBeVisible();
  const texts = await benPage.getByTestId('message-text').allTextContents();
  expect(texts).toEqual(['Before the cut', 'Live 1', ...during, 'After the cut']);
  const numbers = await benPage
    .getByTestId('message')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-seq'))));
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
});

test('the thread list and a thread at 1280 and 375 px, light and dark', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ada = await newMember(request, 'Ada Palmer');
  const ben = await newMember(request, 'Ben Aaronovitch');
  const chloe = await newMember(request, 'Chloé Delaume');
  await connectMembers(request, ada, ben);
  await connectMembers(request, ada, chloe);
  const direct = await apiThread(request, ada, [ben]);
  const group = await apiThread(request, ada, [ben, chloe], 'Weekend plans');
  await apiSend(request, ben, direct.id, 'Did you read the chapter?');
  await apiSend(request, ada, direct.id, 'Yes, twice. The ending!');
  await apiSend(request, chloe, group.id, 'Saturday at ten?');
  await apiSend(request, ada, group.id, 'Works for me');

  const sizes = { '1280': SCREEN_SIZES.desktop, '375': { width: 375, height: 740 } };
  for (const theme of THEMES) {
    const page = await pageFor(browser, ada, { theme });
    for (const [width, viewport] of Object.entries(sizes)) {
      await page.setViewportSize(viewport);
      await page.goto('/messages');
      await expect(page.getByTestId(`thread-row-${group.id}`)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await shoot(page, `messenger-list-${width}-${theme}`);
      await page.goto(`/messages/t/${direct.id}`);
      await expect(messageWith(page, 'The ending!')).toBeVisible();
      await shoot(page, `messenger-thread-${width}-${theme}`);
    }
    await page.context().close();
  }
});
