import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
} from '../support/members.js';
import { shoot } from '../support/screens.js';

/**
 * Engagement reaching people live (issue 6, "Done when"): with three people and a stranger,
 * a comment, a mention, a reaction and a reply each reach the right bells without a reload,
 * and land in the right notification lists; the stranger hears nothing.
 */

/** The bell sits in the side menu on a desktop, in the header on a phone. */
const bellOf = (page: Page) =>
  (page.viewportSize()?.width ?? 1280) < 768 ? 'notification-bell-header' : 'notification-bell';
const count = (page: Page) => page.getByTestId(`${bellOf(page)}-badge`);

test('a comment, a mention, a reaction and a reply reach the right people live', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Author');
  const bob = await newMember(request, 'Bob Reader');
  const cleo = await newMember(request, 'Cleo Friend');
  const dan = await newMember(request, 'Dan Stranger');
  await connectMembers(request, ada, bob);
  await connectMembers(request, ada, cleo);
  const friends = await apiCollection(request, ada, { name: 'Friends', type: 'all_contacts' });
  const memo = await apiMemo(request, ada, friends.id, { title: 'Picnic plan' });
  // connecting and the new memo told some of them things already: start from empty lists
  for (const member of [ada, bob, cleo, dan]) {
    await api(request, member, 'DELETE', '/api/notifications/bulk/delete');
  }

  const adaPage = await pageFor(browser, ada);
  const cleoPage = await pageFor(browser, cleo, { viewport: { width: 390, height: 844 } });
  const danPage = await pageFor(browser, dan);
  for (const page of [adaPage, cleoPage, danPage]) {
    await page.goto('/');
    await expect(count(page)).toHaveAttribute('data-count', '0');
  }

  // Bob comments and mentions Cleo: Ada hears of the comment, Cleo of the mention.
  await api(request, bob, 'POST', '/api/memo/comment', {
    memo: `/api/memo/${memo.id}`,
    description: `Bring plates, @[Cleo Friend](${cleo.id})?`,
  });
  await expect(count(adaPage)).toHaveAttribute('data-count', '1');
  await expect(count(cleoPage)).toHaveAttribute('data-count', '1');

  // Bob reacts: only Ada, the author, hears of it.
  await api(request, bob, 'POST', '/api/memo/reaction', {
    memo: `/api/memo/${memo.id}`,
    reaction_type: 'love',
  });
  await expect(count(adaPage)).toHaveAttribute('data-count', '2');
  await expect(adaPage).toHaveTitle(/^\(2\) /);

  // Ada's list: the reaction, then the comment.
  await adaPage.getByTestId('notification-bell').click();
  const adaItems = adaPage.getByTestId('notification-item');
  await expect(adaItems).toHaveCount(2);
  await expect(adaItems.nth(0)).toContainText('Bob Reader reacted to “Picnic plan”');
  await expect(adaItems.nth(1)).toContainText('Bob Reader commented on “Picnic plan”');
  await shoot(adaPage, 'engagement-live-author-list');

  // Cleo's list, on a phone: the mention; following it opens the memo with the comment.
  await expect(count(cleoPage)).toHaveAttribute('data-count', '1');
  await cleoPage.getByTestId(bellOf(cleoPage)).click();
  const cleoItems = cleoPage.getByTestId('notification-item');
  await expect(cleoItems).toHaveCount(1);
  await expect(cleoItems.nth(0)).toContainText(
    'Bob Reader mentioned you in a comment on “Picnic plan”',
  );
  await shoot(cleoPage, 'engagement-live-mention-phone');
  await cleoItems.nth(0).getByTestId('notification-link').click();
  await expect(cleoPage).toHaveURL(new RegExp(`/memo/${memo.id}`));
  await expect(cleoPage.getByTestId('comment').first()).toContainText('Bring plates');
  await expect(count(cleoPage)).toHaveAttribute('data-count', '0');

  // Ada answers Bob from the memo page; Bob, with a tab open now, hears of the reply live.
  const bobPage = await pageFor(browser, bob);
  await bobPage.goto('/');
  await expect(count(bobPage)).toHaveAttribute('data-count', '0');
  await adaPage.goto(`/memo/${memo.id}`);
  await adaPage.getByTestId('comment').first().getByTestId('comment-reply').click();
  const reply = adaPage.getByTestId('reply-composer').getByTestId('comment-input');
  await reply.fill('Yes please, and cups');
  await reply.press('Control+Enter');
  await expect(adaPage.getByTestId('comment-replies')).toContainText('Yes please, and cups');
  await expect(count(bobPage)).toHaveAttribute('data-count', '1');
  await bobPage.getByTestId('notification-bell').click();
  await expect(bobPage.getByTestId('notification-item').nth(0)).toContainText(
    'Ada Author replied to your comment on “Picnic plan”',
  );

  // Dan, who is nobody's contact, heard of none of it.
  await expect(count(danPage)).toHaveAttribute('data-count', '0');
  const unread = await api<{ count: number }>(request, dan, 'GET', '/api/notifications/unread');
  expect(unread.count).toBe(0);
  for (const page of [adaPage, bobPage, cleoPage, danPage]) await page.context().close();
});
