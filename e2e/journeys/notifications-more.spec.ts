import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { api, apiCollection, connectMembers, newMember, pageFor } from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * The notifications drawer past its first page (issue 6): scrolling the drawer to its end
 * loads the rest, and a notification about a collection its reader was removed from says
 * so without the collection's name or a link.
 */

const FOLLOWS = 25;

/** Ada with 27 notifications: a connection request, a collection she lost, 25 follows. */
async function adaWithManyNotifications(request: APIRequestContext) {
  const ada = await newMember(request, 'Ada Lovelace');
  const bob = await newMember(request, 'Bob Kahn');
  await connectMembers(request, bob, ada);
  const hidden = await apiCollection(request, bob, {
    name: 'Hidden plans',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${ada.id}`],
  });
  await api(request, bob, 'PATCH', `/api/collection/${hidden.id}`, { users_per_collection: [] });
  for (let i = 0; i < FOLLOWS; i += 1) {
    await api(request, bob, 'POST', '/api/follow', { following: `/api/user/${ada.id}` });
    await api(request, bob, 'POST', '/api/follower_unfollow', { following: ada.id }, 204);
  }
  return ada;
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`the drawer loads the next page on scroll; a lost collection stays nameless (${size})`, async ({
    browser,
    request,
  }) => {
    const ada = await adaWithManyNotifications(request);
    const page = await pageFor(browser, ada, { viewport });
    await page.goto('/');
    // the bell sits in the side menu on a desktop, in the header on a phone
    await page
      .getByTestId(viewport.width < 768 ? 'notification-bell-header' : 'notification-bell')
      .click();
    const drawer = page.getByRole('dialog');
    const items = drawer.getByTestId('notification-item');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText('Bob Kahn follows you now');
    await expect(drawer.getByTestId('list-over')).toHaveCount(0);

    // The wheel over the list scrolls the drawer's body, never the page behind it.
    await items.first().hover();
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(items).toHaveCount(FOLLOWS + 2, { timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    await expect(drawer.getByTestId('list-over')).toBeVisible();

    const lost = items.nth(FOLLOWS);
    await expect(lost).toContainText(
      'You no longer have access to what this notification was about',
    );
    await expect(lost.getByTestId('notification-link')).toHaveCount(0);
    await expect(drawer).not.toContainText('Hidden plans');
    await expect(items.last()).toContainText('Bob Kahn wants to connect with you');
    await lost.scrollIntoViewIfNeeded();
    await shoot(page, `notifications-more-${size}`);
  });
}
