import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { readInstance } from '../support/instance-db.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
} from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * Issue 6 in the browser: a connection comments on a memo, mentions its author and reacts;
 * the author sees the comment and the counts arrive without reloading; a stranger who may
 * read the (public) memo sees neither comments nor reactions.
 */

async function openMemo(page: Page, memoId: number): Promise<void> {
  await page.goto(`/memo/${memoId}`);
  await expect(page.getByTestId('memo-view-title')).toBeVisible();
}

test('a connection comments, mentions the author and reacts; the author sees it live', async ({
  browser,
  request,
}) => {
  const author = await newMember(request, 'Alma Author');
  const reader = await newMember(request, 'Bruno Reader');
  const stranger = await newMember(request, 'Sid Stranger');
  await connectMembers(request, author, reader);
  // a connection of the reader's only: the author's comments are not for them
  const outsider = await newMember(request, 'Alan Outside');
  await connectMembers(request, reader, outsider);
  const collection = await apiCollection(request, author, { name: 'Open notes', type: 'public' });
  const memo = await apiMemo(request, author, collection.id, {
    title: 'Weekend hike plans',
    description: '<p>Who joins on Saturday?</p>',
  });

  const authorPage = await pageFor(browser, author);
  const readerPage = await pageFor(browser, reader);
  await openMemo(authorPage, memo.id);
  await expect(authorPage.getByTestId('comments-empty')).toBeVisible();
  await openMemo(readerPage, memo.id);

  // The reader writes a comment and picks the author from the suggestions with the keyboard.
  const input = readerPage.getByTestId('comment-input').first();
  await input.click();
  await input.pressSequentially('Count me in @Al');
  const option = readerPage.getByTestId('mention-option').filter({ hasText: 'Alma Author' });
  await expect(option).toBeVisible();
  // the outsider would not see the comment, nor hear of the mention: not suggested
  await expect(readerPage.getByTestId('mention-option')).toHaveCount(1);
  await input.press('Enter');
  await input.pressSequentially('bring the map please');
  await input.press('Control+Enter');
  const readerComment = readerPage.getByTestId('comment').first();
  await expect(readerComment).toContainText('Count me in @Alma Author bring the map please');
  await expect(readerComment.getByTestId('comment-mention')).toHaveAttribute(
    'href',
    `/profile/${author.id}`,
  );

  // The reader reacts; the count moves at once.
  await readerPage.getByTestId('reaction-love').click();
  await expect(readerPage.getByTestId('reaction-love')).toHaveAttribute('aria-pressed', 'true');
  await expect(readerPage.getByTestId('reaction-love')).toContainText('1');

  // The author's open page takes both in without a reload.
  const authorComment = authorPage.getByTestId('comment').first();
  await expect(authorComment).toContainText('bring the map please', { timeout: 15_000 });
  await expect(authorComment).toContainText('Bruno Reader');
  await expect(authorPage.getByTestId('reaction-love')).toContainText('1', { timeout: 15_000 });
  await expect(authorPage.getByTestId('reaction-love')).toHaveAttribute('aria-pressed', 'false');

  // The author answers; the thread shows it.
  await authorComment.getByTestId('comment-reply').click();
  const reply = authorPage.getByTestId('reply-composer').getByTestId('comment-input');
  await reply.fill('Great, see you at nine');
  await reply.press('Control+Enter');
  await expect(authorPage.getByTestId('comment-replies')).toContainText('Great, see you at nine');

  // The mention told the author (one notification, the most specific kind).
  const events = readInstance<{ type: string }>(
    'select type from activity_events where memo_id = ? and recipient_user_id = ? and actor_user_id = ?',
    memo.id,
    author.id,
    reader.id,
  ).map((row) => row.type);
  expect(events).toContain('new_comment_mention');
  expect(events).toContain('new_reaction');

  // Screens of the author's memo page, desktop and phone, light and dark.
  await authorPage.getByTestId('comments').scrollIntoViewIfNeeded();
  await shoot(authorPage, 'comments-reactions-desktop');
  await authorPage.setViewportSize(SCREEN_SIZES.phone);
  await authorPage.getByTestId('comments').scrollIntoViewIfNeeded();
  await shoot(authorPage, 'comments-reactions-phone');
  const darkPhone = await pageFor(browser, reader, { theme: 'dark', viewport: SCREEN_SIZES.phone });
  await openMemo(darkPhone, memo.id);
  await expect(darkPhone.getByTestId('comment').first()).toBeVisible();
  await darkPhone.getByTestId('comments').scrollIntoViewIfNeeded();
  await shoot(darkPhone, 'comments-reactions-phone-dark');

  // The memo card in the author's list shows the counts too.
  await authorPage.setViewportSize(SCREEN_SIZES.desktop);
  await authorPage.goto('/');
  const card = authorPage.locator(`[data-memo-id="${memo.id}"]`);
  await expect(card.getByTestId('memo-comments-link')).toContainText('2');
  // one reaction control: the total, the six on demand
  await expect(card.getByTestId('reaction-control')).toContainText('1');
  await expect(card.getByTestId('reaction-love')).toHaveCount(0);
  await card.getByTestId('reaction-control').click();
  await expect(authorPage.getByTestId('reaction-love')).toContainText('1');
  await expect(authorPage.getByTestId('reaction-love')).toHaveAttribute('aria-pressed', 'false');
  await authorPage.keyboard.press('Escape');
  await expect(card.getByTestId('reaction-control')).toBeFocused();
  await shoot(authorPage, 'comments-reactions-card');
  // its comments link opens the memo at its comments
  await card.getByTestId('memo-comments-link').click();
  await expect(authorPage).toHaveURL(new RegExp(`/memo/${memo.id}#comments$`));
  await expect(authorPage.getByTestId('comments')).toBeInViewport();

  // A stranger reads the public memo, but neither its comments nor its reactions.
  const strangerPage = await pageFor(browser, stranger);
  await openMemo(strangerPage, memo.id);
  await expect(strangerPage.getByTestId('memo-view-title')).toHaveText('Weekend hike plans');
  await expect(strangerPage.getByTestId('comments')).toHaveCount(0);
  await expect(strangerPage.getByTestId('reactions-bar')).toHaveCount(0);
  await expect(strangerPage.getByText('bring the map please')).toHaveCount(0);
  await api(request, stranger, 'GET', `/api/memo/${memo.id}/comments`, undefined, 403);
  await api(
    request,
    stranger,
    'POST',
    '/api/memo/comment',
    { memo: `/api/memo/${memo.id}`, description: 'let me in' },
    403,
  );
});
