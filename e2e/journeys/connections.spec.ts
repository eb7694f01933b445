import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { readInstance } from '../support/instance-db.js';
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
import { shoot } from '../support/screens.js';
import { STRONG_PASSWORD, uniqueEmail } from '../support/session.js';

/**
 * Issue 5 in the browser: connecting by email invitation and by QR link, following,
 * favourites, blocking (the blocked person sees nothing of the blocker) and reporting.
 */

const CODE = /\b(\d{6})\b/;

/** The names on the cards of a connections list. */
function cardNames(page: Page, list: string) {
  return page.getByTestId(list).getByTestId('card-name');
}

/** Opens the Favourites part of the side menu (it remembers being open). */
async function openFavourites(page: Page): Promise<void> {
  const toggle = page.getByTestId('nav-favourites');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

async function activeNames(page: Page): Promise<ReturnType<typeof cardNames>> {
  await page.goto('/connections');
  await expect(page.getByTestId('connections-page')).toBeVisible();
  return cardNames(page, 'active-list');
}

test('three people connect by email: a request to an account and an invitation to a new one', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const alice = await newMember(request, 'Alice Archer');
  const bob = await newMember(request, 'Bob Baker');
  const carolMail = uniqueEmail('carol');

  // Alice invites Bob (has an account) and Carol (has none) in one go
  const alicePage = await pageFor(browser, alice);
  await alicePage.goto('/connections');
  await alicePage.getByTestId('open-invite').click();
  const invite = alicePage.getByTestId('invite-dialog');
  await invite.getByTestId('invite-emails').fill(`${bob.usermail};\n${carolMail}`);
  await invite.getByTestId('invite-message').fill('Shall we share our holiday plans here?');
  await invite.getByTestId('invite-submit').click();
  await expect(invite).toBeHidden();
  await expect(alicePage.getByText('Requests sent: 2')).toBeVisible();
  await alicePage.getByTestId('tab-outcome').click();
  // until they answer, "Sent" shows only the addresses Alice typed, not who has an account
  await expect(alicePage.getByTestId('outcome-list')).toContainText(bob.usermail);
  await expect(alicePage.getByTestId('outcome-list')).toContainText(carolMail);
  await expect(alicePage.getByTestId('outcome-list')).not.toContainText(bob.name);

  // Bob finds the request with its message under Requests, and in his mail
  const bobPage = await pageFor(browser, bob);
  await bobPage.goto('/connections?status=income');
  const income = bobPage.getByTestId('income-list');
  await expect(income.getByTestId('card-name')).toHaveText([alice.name]);
  await expect(income.getByTestId('personal-message')).toContainText(
    'Shall we share our holiday plans here?',
  );
  // He follows the link in the mail and accepts there
  const bobMail = await waitForMail(bob.usermail, /(https?:\/\/\S+\/connections\/accept\/[\w-]+)/);
  await bobPage.goto(bobMail.match[1]!);
  const accept = bobPage.getByTestId('accept-page');
  await expect(accept.getByTestId('accept-person')).toHaveText(alice.name);
  await expect(accept.getByTestId('accept-message')).toHaveText(
    'Shall we share our holiday plans here?',
  );
  await accept.getByTestId('accept-confirm').click();
  await expect(accept.getByTestId('accept-done')).toContainText(alice.name);
  await expect(await activeNames(bobPage)).toHaveText([alice.name]);

  // Carol follows the invitation, signs up (address filled in) and is connected
  const carolMailed = await waitForMail(
    carolMail,
    /(https?:\/\/\S+\/p\/connections\/accept\/[\w-]+)/,
  );
  const carolPage = await pageFor(browser);
  await carolPage.goto(carolMailed.match[1]!);
  await expect(carolPage.getByTestId('accept-person')).toHaveText(alice.name);
  await expect(carolPage.getByTestId('accept-visitor')).toBeVisible();
  await carolPage.getByTestId('accept-signup').click();
  await expect(carolPage.getByTestId('signup-usermail')).toHaveValue(carolMail);
  await carolPage.getByTestId('signup-name').fill('Carol Cooper');
  await carolPage.getByTestId('signup-password').fill(STRONG_PASSWORD);
  await carolPage.getByTestId('signup-submit').click();
  const code = await waitForMail(carolMail, CODE);
  await carolPage.getByTestId('verification-code').fill(code.match[1]!);
  await carolPage.getByTestId('verification-submit').click();
  // Back on the invitation: signing up connected her, and the page says so (not that the
  // link, used up by the sign-up, is invalid)
  const carolAccept = carolPage.getByTestId('accept-page');
  await expect(carolAccept).toBeVisible();
  await expect(carolPage).toHaveURL(/\/connections\/accept\//);
  await expect
    .soft(
      carolAccept.getByTestId(/^accept-(done|already)$/),
      'the new account is told it is connected',
    )
    .toBeVisible();
  await expect.soft(carolAccept.getByTestId('accept-invalid')).toHaveCount(0);
  await shoot(carolPage, 'connections-invitation-after-signup-desktop-light');
  await expect(await activeNames(carolPage)).toHaveText([alice.name]);

  // Alice's list has both; nothing is left in "sent"
  await expect(await activeNames(alicePage)).toHaveText([bob.name, 'Carol Cooper']);
  await alicePage.getByTestId('tab-outcome').click();
  await expect(alicePage.getByTestId('card-name')).toHaveCount(0);
  for (const page of [alicePage, bobPage, carolPage]) await page.context().close();
});

test('two people connect with Alice by her QR link; a visitor is asked to sign in first', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await newMember(request, 'Alice Quinn');
  const dave = await newMember(request, 'Dave Quartz');
  const erin = await newMember(request, 'Erin Quill');

  // Alice shows her code and copies its link
  const alicePage = await pageFor(browser, alice, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await alicePage.goto('/connections');
  await alicePage.getByTestId('open-qr').click();
  const qr = alicePage.getByTestId('qr-dialog');
  await expect(qr.getByTestId('qr-image')).toBeVisible();
  await expect(qr.getByTestId('qr-valid-until')).toBeVisible();
  await qr.getByRole('button', { name: 'Copy link' }).click();
  await expect(alicePage.getByText('Link copied')).toBeVisible();
  const link = await alicePage.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/connections\/accept\/[\w-]+\?qr=1$/);
  await alicePage.keyboard.press('Escape');

  // Dave pastes the link into his own QR dialog ("open a scanned link")
  const davePage = await pageFor(browser, dave);
  await davePage.goto('/connections');
  await davePage.getByTestId('open-qr').click();
  await davePage.getByTestId('qr-link-input').fill(link);
  await davePage.getByTestId('qr-link-open').click();
  const daveAccept = davePage.getByTestId('accept-page');
  await expect(daveAccept.getByTestId('accept-person')).toHaveText(alice.name);
  await daveAccept.getByTestId('accept-confirm').click();
  await expect(daveAccept.getByTestId('accept-done')).toContainText(alice.name);

  // A visitor with the link is sent to log in; Erin does and connects
  const erinPage = await pageFor(browser);
  await erinPage.goto(link.replace('/connections/', '/p/connections/'));
  await expect(erinPage.getByTestId('accept-visitor')).toBeVisible();
  await erinPage.getByTestId('accept-login').click();
  await erinPage.getByTestId('login-usermail').fill(erin.usermail);
  await erinPage.getByTestId('login-password').fill(STRONG_PASSWORD);
  await erinPage.getByTestId('login-submit').click();
  const erinAccept = erinPage.getByTestId('accept-page');
  await expect(erinAccept.getByTestId('accept-person')).toHaveText(alice.name);
  await erinAccept.getByTestId('accept-confirm').click();
  await expect(erinAccept.getByTestId('accept-done')).toBeVisible();

  // The same link again: already connected
  await erinPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(erinPage.getByTestId('accept-already')).toBeVisible();

  await expect(await activeNames(alicePage)).toHaveText([dave.name, erin.name]);
  await expect(await activeNames(davePage)).toHaveText([alice.name]);
  for (const page of [alicePage, davePage, erinPage]) await page.context().close();
});

interface Fixture {
  alice: Member;
  bob: Member;
  frank: Member;
  shared: { id: string };
}

async function followBlockWorld(request: Parameters<typeof newMember>[0]): Promise<Fixture> {
  const alice = await newMember(request, 'Alice Abbott');
  const bob = await newMember(request, 'Bob Brennan');
  const frank = await newMember(request, 'Frank Fisher');
  await connectMembers(request, alice, bob);
  const shared = await apiCollection(request, alice, {
    name: 'Alice’s garden',
    type: 'all_contacts',
  });
  await apiMemo(request, alice, shared.id, { title: 'Roses in June' });
  return { alice, bob, frank, shared };
}

test('follow from a profile, favourites in the side menu, then a block hides the blocker', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { alice, bob, frank, shared } = await followBlockWorld(request);

  // Frank (not connected) follows Alice from her profile
  const frankPage = await pageFor(browser, frank);
  await frankPage.goto(`/profile/${alice.id}`);
  await expect(frankPage.getByTestId('profile-name')).toHaveText(alice.name);
  await frankPage.getByTestId('profile-follow').click();
  await expect(frankPage.getByText(`You now follow ${alice.name}`)).toBeVisible();
  await expect(frankPage.getByTestId('profile-follow')).toHaveText('Unfollow');
  await frankPage.goto('/connections/following');
  await expect(cardNames(frankPage, 'followings-list')).toHaveText([alice.name]);

  // Alice sees her follower; she marks Bob as favourite from her list
  const alicePage = await pageFor(browser, alice);
  await alicePage.goto('/connections/followers');
  await expect(cardNames(alicePage, 'followers-list')).toHaveText([frank.name]);
  await alicePage.goto('/connections');
  const bobCard = alicePage.getByTestId(`connection-${bob.id}`);
  await bobCard.getByTestId('connection-menu').click();
  await alicePage.getByTestId('menu-favourite').click();
  await expect(alicePage.getByText('Added to favourites')).toBeVisible();
  await openFavourites(alicePage);
  await expect(alicePage.getByTestId('favourites-list')).toContainText(bob.name);

  // Bob reads Alice's collection and marks it favourite
  const bobPage = await pageFor(browser, bob);
  await bobPage.goto(`/collections/${shared.id}`);
  await expect(bobPage.getByTestId('memo-card-title')).toHaveText(['Roses in June']);
  await bobPage.getByTestId(`collection-favourite-${shared.id}`).click();
  await openFavourites(bobPage);
  await expect(bobPage.getByTestId('favourites-list')).toContainText('Alice’s garden');

  // Alice blocks Bob from his profile, after confirming
  await alicePage.goto(`/profile/${bob.id}`);
  await alicePage.getByTestId('profile-menu').click();
  await alicePage.getByTestId('profile-block').click();
  const dialog = alicePage.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(bob.name);
  await dialog.getByTestId('confirm-action').click();
  await expect(alicePage.getByText(`${bob.name} is blocked`)).toBeVisible();
  await expect(alicePage).toHaveURL(/\/connections$/);
  await expect(alicePage.getByTestId(`connection-${bob.id}`)).toHaveCount(0);

  // Bob sees nothing of Alice: no profile, no collection, no connection, no favourite
  await bobPage.goto(`/profile/${alice.id}`);
  await expect(bobPage.getByTestId('error-page-404')).toBeVisible();
  await expect(bobPage.getByTestId('profile-page')).toHaveCount(0);
  await bobPage.goto(`/collections/${shared.id}`);
  await expect(bobPage.getByTestId('error-page-404')).toBeVisible();
  await expect(bobPage.getByText('Roses in June')).toHaveCount(0);
  await bobPage.goto('/collections');
  await expect(bobPage.getByText('Alice’s garden')).toHaveCount(0);
  await bobPage.goto('/connections');
  await expect(bobPage.getByTestId('connections-page')).toBeVisible();
  await expect(bobPage.getByText(alice.name)).toHaveCount(0);
  await openFavourites(bobPage);
  await expect(bobPage.getByTestId('favourites-empty')).toBeVisible();
  // ... nor can he reach her again: asked by her address, the server answers as for any
  // address (it does not tell who has an account, docs/RULES.md) and nothing reaches her
  const again = await request.post('/api/connection', {
    headers: { Authorization: `Bearer ${bob.pair.token}` },
    data: { user_to_email: alice.usermail },
  });
  expect(again.status()).toBe(201);
  expect(await again.json()).toMatchObject({ user: null, user_inbound: null });
  const incoming = await request.get(`/api/user/${alice.id}/connection/inbound`, {
    headers: { Authorization: `Bearer ${alice.pair.token}` },
  });
  expect(incoming.status()).toBe(200);
  const requests = (await incoming.json()) as Array<{ user: { id: number } | null }>;
  expect(requests.filter((r) => r.user?.id === bob.id)).toEqual([]);

  // Frank still follows Alice and still sees her profile
  await frankPage.goto(`/profile/${alice.id}`);
  await expect(frankPage.getByTestId('profile-name')).toHaveText(alice.name);
  for (const page of [alicePage, bobPage, frankPage]) await page.context().close();
});

test('a profile is reported with a reason, which is kept for moderation', async ({
  browser,
  request,
}) => {
  const alice = await newMember(request, 'Alice Ashdown');
  const frank = await newMember(request, 'Frank Foster');
  const page = await pageFor(browser, frank);
  await page.goto(`/profile/${alice.id}`);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('profile-report').click();
  const dialog = page.getByTestId('report-dialog');
  // The reason is mandatory
  await dialog.getByTestId('report-submit').click();
  await expect(dialog).toContainText('Please give a reason');
  await dialog.getByTestId('report-reason').fill('This profile copies someone else’s photos.');
  await dialog.getByTestId('report-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thank you. The profile was reported.')).toBeVisible();

  const rows = readInstance<{ type: string; reason: string; reporter_id: number }>(
    'select type, reason, reporter_id from reports where reported_user_id = ?',
    alice.id,
  );
  expect(rows).toEqual([
    {
      type: 'profile',
      reason: 'This profile copies someone else’s photos.',
      reporter_id: frank.id,
    },
  ]);
  // The reported person is not told, and nothing else changes for them
  const combined = await api<{ name: string }>(
    request,
    frank,
    'GET',
    `/api/user/${alice.id}/combined`,
  );
  expect(combined.name).toBe(alice.name);
  await page.context().close();
});
