import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { waitForMail } from '../support/mailbox.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
  type Member,
} from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * Notifications (issue 6): what Bob does reaches Ada's bell live, in her list and in her
 * mailbox (the digest, through the local SMTP receiver); Cleo, a stranger, hears nothing.
 */

const badge = (page: Page, testId: string) => page.getByTestId(`${testId}-badge`);

async function unreadOf(request: Parameters<typeof api>[0], member: Member): Promise<number> {
  return (await api<{ count: number }>(request, member, 'GET', '/api/notifications/unread')).count;
}

test('a shared collection and a new memo reach the follower live, in the list and by e-mail', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Lovelace');
  const bob = await newMember(request, 'Bob Kahn');
  const cleo = await newMember(request, 'Cleo Stranger');
  await connectMembers(request, bob, ada);
  await api(request, ada, 'POST', '/api/follow', { following: `/api/user/${bob.id}` });
  // connecting told Bob (accepted) and Ada (the request); Ada starts with nothing unread
  await api(request, ada, 'PATCH', '/api/notifications/bulk/review');

  const page = await pageFor(browser, ada);
  await page.goto('/');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '0');
  // the socket is open before Bob acts
  await page.waitForFunction(() => document.title.length > 0);

  // Bob shares a collection with Ada: her badge and tab title change without a reload.
  const trip = await apiCollection(request, bob, {
    name: 'Trip to Ghent',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${ada.id}`],
  });
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '1');
  await expect(page).toHaveTitle(/^\(1\) /);
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', /^data:image\/svg\+xml,/);

  // A new memo of Bob's in it: Ada follows Bob, so it reaches her too.
  await apiMemo(request, bob, trip.id, { title: 'Train times' });
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '2');
  await expect(page).toHaveTitle(/^\(2\) /);
  expect(await unreadOf(request, cleo)).toBe(0);

  // The digest mail (in-app unread, e-mail on for shared collections by default).
  const { mail } = await waitForMail(
    ada.usermail,
    /Bob Kahn shared the collection Trip to Ghent with you/,
    {
      timeoutMs: 30_000,
    },
  );
  expect(mail.subject).toMatch(/new notification/);

  // The list, newest first (the connection request, read already, at the end).
  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(3);
  // page 1 loaded: the tab icon is back to normal
  await expect(icon).toHaveAttribute('href', /\/favicon\.svg$/);
  await expect(items.nth(2)).toContainText('Bob Kahn wants to connect with you');
  await expect(items.nth(2)).toHaveAttribute('data-unread', 'false');
  await expect(items.nth(0)).toContainText('Bob Kahn published “Train times”');
  await expect(items.nth(1)).toContainText('Bob Kahn shared the collection Trip to Ghent with you');
  await expect(items.nth(0)).toHaveAttribute('data-unread', 'true');
  await shoot(page, 'notifications-list-desktop');

  // Review one from its menu: a sticky note confirms and clears itself.
  await items.nth(1).getByTestId('notification-menu').click();
  await page.getByTestId('notification-review').click();
  await expect(items.nth(1).getByTestId('sticky-notification')).toContainText('Marked as read');
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'false');
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '1');
  await expect(items.nth(1).getByTestId('sticky-notification')).toHaveCount(0, { timeout: 3000 });

  // Unreview it again, then delete it.
  await items.nth(1).getByTestId('notification-menu').click();
  await page.getByTestId('notification-unreview').click();
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '2');
  await items.nth(1).getByTestId('notification-menu').click();
  await page.getByTestId('notification-delete').click();
  await expect(items).toHaveCount(2);
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '1');

  // Opening the memo's notification reviews it and goes to the memo.
  await items.nth(0).getByTestId('notification-link').click();
  await expect(page).toHaveURL(/\/memo\/\d+$/);
  await expect(page.getByText('Train times').first()).toBeVisible();
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '0');
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  expect(await unreadOf(request, ada)).toBe(0);

  // Another tab of Ada's hears the counter when this one reviews.
  await apiMemo(request, bob, trip.id, { title: 'Hotel' });
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '1');
  await api(request, ada, 'PATCH', '/api/notifications/bulk/review');
  await expect(badge(page, 'notification-bell')).toHaveAttribute('data-count', '0');

  // Delete all.
  await bell.click();
  await page.getByTestId('notifications-delete-all').click();
  await page.getByTestId('notifications-delete-all-confirm').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await shoot(page, 'notifications-empty-desktop');
  expect(await unreadOf(request, cleo)).toBe(0);
  await page.context().close();
});

test('on a phone (dark theme) the bell sits in the header and the list fills the screen', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Byron');
  const bob = await newMember(request, 'Bob Metcalfe');
  await connectMembers(request, bob, ada);
  const page = await pageFor(browser, ada, { viewport: SCREEN_SIZES.phone, theme: 'dark' });
  await page.goto('/');
  const bell = page.getByTestId('notification-bell-header');
  await expect(bell).toBeVisible();
  await apiCollection(request, bob, {
    name: 'Recipes for the whole family',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${ada.id}`],
  });
  // Bob's connection request and the shared collection
  await expect(badge(page, 'notification-bell-header')).toHaveAttribute('data-count', '2');
  await shoot(page, 'notifications-bell-phone');
  await bell.click();
  await expect(page.getByTestId('notification-item').first()).toContainText(
    'Bob Metcalfe shared the collection Recipes for the whole family with you',
  );
  await shoot(page, 'notifications-list-phone');

  // settings: turning shared collections off in the app hides them from the list
  await page.goto('/notification-settings');
  const inApp = page.getByTestId('setting-collections-in_app');
  await expect(inApp).toBeChecked();
  // the push switch's texts are there too, not their keys
  await expect(page.getByText(/^push\./)).toHaveCount(0);
  await shoot(page, 'notification-settings-phone');
  await inApp.click({ force: true });
  await expect(inApp).not.toBeChecked();
  await expect(badge(page, 'notification-bell-header')).toHaveAttribute('data-count', '1');
  const list = await api<unknown[]>(request, ada, 'GET', '/api/notifications');
  expect((list as Array<{ type: string }>).filter((n) => n.type === 'new_collection')).toHaveLength(
    0,
  );
  await page.context().close();
});
