import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { grantPlan, makeProfilePublic } from '../support/admin.js';
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
 * Issue 6, feed and discover in the browser: A follows B and is connected with C; B posts
 * in a public collection, C to all contacts, D (a stranger) privately. A's feed holds B's
 * and C's memos, not D's; a visitor finds B's public memo and B's profile in discover.
 */

const cardTitles = (page: Page, list: string) =>
  page.getByTestId(list).getByTestId('memo-card-title');

test('the feed shows what followed and connected people share; discover shows public posts and people to visitors', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const a = await newMember(request, `Anna Reader ${stamp}`);
  const b = await newMember(request, `Bruno Public ${stamp}`);
  const c = await newMember(request, `Clara Contact ${stamp}`);
  const d = await newMember(request, `Dario Stranger ${stamp}`);
  for (const member of [b, c, d]) await grantPlan(member.usermail, 'silver');

  await api(request, a, 'POST', '/api/follow', { following: `/api/user/${b.id}` });
  await connectMembers(request, a, c);

  const bPublic = await apiCollection(request, b, { name: 'Open notebook', type: 'public' });
  const cContacts = await apiCollection(request, c, { name: 'For friends', type: 'all_contacts' });
  const dPrivate = await apiCollection(request, d, { name: 'Diary', type: 'private' });
  const bMemo = `Bruno's public walk ${stamp}`;
  const cMemo = `Clara's contacts recipe ${stamp}`;
  const dMemo = `Dario's private thoughts ${stamp}`;
  await apiMemo(request, d, dPrivate.id, { title: dMemo });
  await apiMemo(request, b, bPublic.id, {
    title: bMemo,
    description: '<p>Along the river, twelve kilometres.</p>',
  });
  await apiMemo(request, c, cContacts.id, {
    title: cMemo,
    description: '<p>Tomato soup for four.</p>',
  });
  makeProfilePublic(b.id);

  // A's feed: C's memo (newest) then B's; never D's
  const page = await pageFor(browser, a);
  await page.goto('/feed');
  await expect(cardTitles(page, 'feed-list')).toHaveText([cMemo, bMemo]);
  await expect(page.getByText(dMemo)).toHaveCount(0);
  await shoot(page, 'feed-desktop-light');

  // search within the feed, in its modal
  await page.getByTestId('feed-search-open').click();
  await expect(page).toHaveURL(/\/feed\/search$/);
  await page.getByTestId('feed-search-input').fill('recipe');
  await expect(cardTitles(page, 'feed-search-results')).toHaveText([cMemo]);
  await shoot(page, 'feed-search-desktop-light');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/feed$/);

  // the phone layout
  await page.setViewportSize(SCREEN_SIZES.phone);
  await page.goto('/feed');
  await expect(cardTitles(page, 'feed-list')).toHaveText([cMemo, bMemo], { timeout: 30_000 });
  await shoot(page, 'feed-phone-light');

  // D's memo is not in A's discover either; B's is, and A sees B among people
  await page.setViewportSize(SCREEN_SIZES.desktop);
  await page.goto('/discover/posts');
  await expect(cardTitles(page, 'discover-posts').filter({ hasText: stamp })).toHaveText([bMemo]);

  // a visitor
  const visitor = await pageFor(browser);
  await visitor.goto('/discover');
  await expect(visitor.getByTestId('discover-tab-posts')).toHaveAttribute('aria-selected', 'true');
  await expect(cardTitles(visitor, 'discover-posts').filter({ hasText: stamp })).toHaveText([
    bMemo,
  ]);
  await expect(visitor.getByText(cMemo)).toHaveCount(0);
  await expect(visitor.getByText(dMemo)).toHaveCount(0);
  await shoot(visitor, 'discover-posts-visitor-desktop-light');

  await visitor.getByTestId('discover-tab-people').click();
  await expect(visitor).toHaveURL(/\/discover\/people$/);
  const bruno = visitor.getByTestId('discover-person').filter({ hasText: b.name });
  await expect(bruno).toBeVisible();
  await expect(visitor.getByTestId('discover-person').filter({ hasText: d.name })).toHaveCount(0);
  await shoot(visitor, 'discover-people-visitor-desktop-light');
  await bruno.getByRole('link', { name: `View the profile of ${b.name}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/p/profile/${b.id}$`));
  await expect(visitor.getByTestId('public-profile-page')).toBeVisible();

  // the visitor's feed is an invitation
  await visitor.setViewportSize(SCREEN_SIZES.phone);
  await visitor.goto('/feed');
  await expect(visitor.getByTestId('feed-visitor')).toBeVisible();
  await shoot(visitor, 'feed-visitor-phone-light');
  await visitor.goto('/discover/people');
  await expect(bruno).toBeVisible();
  await shoot(visitor, 'discover-people-visitor-phone-light');

  // dark theme, signed in, people tab with the follow button
  const dark = await pageFor(browser, d, { theme: 'dark' });
  await dark.goto('/discover/people');
  const brunoForD = dark.getByTestId('discover-person').filter({ hasText: b.name });
  await expect(brunoForD.getByTestId('discover-follow')).toHaveText('Follow');
  await brunoForD.getByTestId('discover-follow').click();
  await expect(brunoForD.getByTestId('discover-follow')).toHaveText('Unfollow');
  await shoot(dark, 'discover-people-desktop-dark');
  // following B puts B's public memo into D's feed
  await dark.goto('/feed');
  await expect(cardTitles(dark, 'feed-list')).toHaveText([bMemo]);
  await shoot(dark, 'feed-desktop-dark');
});

test('the feed tells about new memos at its next check, and shows them on a click', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const reader = await newMember(request, `Rita Reader ${stamp}`);
  const writer = await newMember(request, `Walter Writer ${stamp}`);
  await grantPlan(writer.usermail, 'silver');
  await api(request, reader, 'POST', '/api/follow', { following: `/api/user/${writer.id}` });
  const open = await apiCollection(request, writer, { name: 'Daily', type: 'public' });
  const first = `First note ${stamp}`;
  const second = `Second note ${stamp}`;
  await apiMemo(request, writer, open.id, { title: first });

  const page = await pageFor(browser, reader);
  // the check runs once a minute: the page's clock is moved on instead of waiting
  await page.clock.install();
  await page.goto('/feed');
  await expect(cardTitles(page, 'feed-list')).toHaveText([first]);
  await expect(page.getByTestId('feed-new-content')).toHaveCount(0);

  await apiMemo(request, writer, open.id, { title: second });
  await page.clock.fastForward(61_000);
  await expect(page.getByTestId('feed-new-content')).toBeVisible();
  // until clicked, the list stays as it was
  await expect(cardTitles(page, 'feed-list')).toHaveText([first]);
  await shoot(page, 'feed-new-content-desktop-light');
  await page.getByTestId('feed-new-content').click();
  await expect(cardTitles(page, 'feed-list')).toHaveText([second, first]);
  await expect(page.getByTestId('feed-new-content')).toHaveCount(0);
});
