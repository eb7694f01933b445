import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { grantPlan } from '../support/admin.js';
import {
  auditScreen,
  countByRule,
  describeFindings,
  failing,
  navigateInApp,
  settle,
  type Finding,
} from '../support/axe.js';
import { E2E_BASE_URL } from '../support/env.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
  type Member,
} from '../support/members.js';
import { THEMES } from '../support/screens.js';

type Theme = (typeof THEMES)[number];

/**
 * Issue 18: axe-core finds nothing serious or critical on any screen of the web app, signed
 * out and signed in, with its dialogs open, in the light and the dark theme, at desktop
 * size and (where the layout differs: header, bottom bar, menu drawer) at 375 px.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

interface World {
  ada: Member;
  bob: Member;
  openCollection: string;
  privateCollection: string;
  memo: number;
}

/** Public profile on, as the profile settings (a later issue) will allow: a fixture. */
function makeProfilePublic(member: Member): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through global-setup');
  const db = new SQLite(join(dataDir, 'memoria.db'));
  try {
    db.prepare(
      'update user_profiles set user_has_public_profile = 1, public_profile_enabled = 1 where user_id = ?',
    ).run(member.id);
  } finally {
    db.close();
  }
}

/**
 * Ada has a public and a private collection, a memo with a hashtag, a link and a comment of
 * Bob's, a connection (Bob), a request (Cleo), followers, notifications and a public profile.
 */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const stamp = Date.now().toString(36);
  const ada = await newMember(request, `Ada Audit ${stamp}`);
  const bob = await newMember(request, `Bob Bystander ${stamp}`);
  const cleo = await newMember(request, `Cleo Caller ${stamp}`);
  await grantPlan(ada.usermail, 'silver');
  await connectMembers(request, bob, ada);
  await api(request, bob, 'POST', '/api/follow', { following: `/api/user/${ada.id}` });
  await api(request, ada, 'POST', '/api/follow', { following: `/api/user/${bob.id}` });
  await api(request, cleo, 'POST', '/api/connection', {
    user_to_email: ada.usermail,
    personal_message: 'Hello Ada',
  });
  const open = await apiCollection(request, ada, {
    name: 'Open kitchen',
    type: 'public',
    description: 'Recipes we cook on Sundays.',
  });
  const closed = await apiCollection(request, ada, { name: 'Diary', type: 'private' });
  const memo = await apiMemo(request, ada, open.id, {
    title: 'Market walk',
    // a plain link, a hashtag and a mention, as the editor saves them
    description:
      '<p>Bread, cheese and <a href="https://example.test/market">the market map</a> ' +
      '<a data-type="hashtag" data-label="market">#market</a> with ' +
      `<a data-type="mention" data-id="${bob.id}" data-label="${bob.name}">@${bob.name}</a></p>`,
  });
  await apiMemo(request, ada, closed.id, { title: 'Quiet thoughts' });
  await api(request, bob, 'POST', '/api/memo/comment', {
    memo: `/api/memo/${memo.id}`,
    description: 'See you there at nine',
  });
  await apiCollection(request, bob, {
    name: 'Shared trip',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${ada.id}`],
  });
  makeProfilePublic(ada);
  return { ada, bob, openCollection: open.id, privateCollection: closed.id, memo: memo.id };
}

let world: World;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  world = await buildWorld(request);
  await request.dispose();
});

/**
 * Collects the findings of every screen a test audits; fails once at the end with all.
 * The light theme gets every rule, the dark one the colour rules (support/axe.ts).
 */
class Audit {
  readonly findings: Finding[] = [];
  /** what the screen names say after the theme: "", or ", 375 px" */
  size = '';
  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {}

  async screen(name: string, ready: Locator): Promise<void> {
    await settle(this.page, ready);
    const scope = this.theme === 'light' ? 'all rules' : 'colours';
    const screen = `${name} (${this.theme}${this.size})`;
    this.findings.push(...(await auditScreen(this.page, screen, scope)));
  }

  /** `ready`: a test id on the screen, or test ids of an element and one inside it */
  async visit(name: string, path: string, ready: string | [string, string]): Promise<void> {
    await navigateInApp(this.page, path);
    const [outer, inner] = typeof ready === 'string' ? [ready] : ready;
    const screen = this.page.getByTestId(outer);
    await this.screen(name, (inner ? screen.getByTestId(inner) : screen).first());
  }

  report(): void {
    console.warn(`axe (${this.theme}):`, JSON.stringify(countByRule(this.findings)));
    // AXE_VERBOSE=1 lists the moderate and minor findings too
    if (process.env.AXE_VERBOSE) console.warn(describeFindings(this.findings));
    const serious = failing(this.findings);
    expect(serious, describeFindings(serious)).toEqual([]);
  }
}

/** Closes what is open (dialog, menu, drawer) the way a keyboard user would. */
async function escape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function signedOutScreens(page: Page, audit: Audit): Promise<void> {
  const { ada, openCollection, memo } = world;
  await page.goto('/auth');
  await audit.screen('login', page.getByTestId('login-submit'));
  await audit.visit('sign-up', '/auth/signup', 'signup-submit');
  await audit.visit('forgot password', '/auth/forgot-password', 'forgot-submit');
  await audit.visit('reset password', '/auth/reset?token=nothing', 'reset-submit');
  await audit.visit('public collection', `/p/collections/${openCollection}`, [
    'collection-page',
    'memo-card',
  ]);
  await audit.visit('public memo', `/p/memo/${memo}`, 'memo-view-title');
  await audit.visit('public profile', `/p/profile/${ada.id}`, 'public-profile-page');
  await audit.visit('discover (visitor)', '/discover', 'discover-page');
  await audit.visit('not found (visitor)', '/no-such-page', 'error-page-404');
  await audit.visit('privacy policy (visitor)', '/privacy-policy', 'privacy-policy');
  await audit.visit('sign in with an identity service', '/auth/pim', 'pim-start');
}

async function signedInScreens(page: Page, audit: Audit): Promise<void> {
  const { ada, bob, openCollection, memo } = world;
  await page.goto('/');
  await audit.screen('home', page.getByTestId('home-page'));
  await audit.visit('feed', '/feed', 'feed-page');
  await audit.visit('discover posts', '/discover/posts', 'discover-page');
  await audit.visit('discover people', '/discover/people', 'discover-page');
  await audit.visit('collections', '/collections', 'collections-page');
  await audit.visit('collaborations', '/collections/collaboration', 'collections-page');
  await audit.visit('a collection', `/collections/${openCollection}`, [
    'collection-page',
    'memo-card',
  ]);
  await audit.visit(
    'collection documents',
    `/collections/${openCollection}/documents`,
    'collection-documents-page',
  );
  await audit.visit('a memo with comments', `/memo/${memo}`, 'comment');
  await audit.visit('own profile', `/profile/${ada.id}`, 'profile-page');
  await audit.visit("a contact's profile", `/profile/${bob.id}`, 'profile-page');
  for (const [tab, path] of [
    ['connections', '/connections'],
    ['requests', '/connections?status=income'],
    ['sent requests', '/connections?status=outcome'],
    ['followers', '/connections/followers'],
    ['delegations', '/connections/delegations'],
  ] as const) {
    await audit.visit(`connections: ${tab}`, path, 'connections-page');
  }
  await audit.visit('account settings', '/account-settings', 'account-settings');
  await audit.visit('notification settings', '/notification-settings', 'notification-settings');
  await audit.visit('public profile settings', '/public-account-settings', 'public-settings');
  await audit.visit('verify name', '/account-settings/verify-name', 'verify-start');
  await audit.visit('privacy policy', '/privacy-policy', 'privacy-policy');
  await audit.visit('messages', '/messages', 'messenger');
  await audit.visit('new conversation', '/messages/c', 'messenger');
  await audit.visit('workspaces', '/workspaces', 'workspaces-page');
  await audit.visit('file transfer', '/file-transfer', 'transfer-page');
  await audit.visit('calls without a collection', '/meet', 'call-no-collection');
  await audit.visit('subscription plans', '/account-settings/subscriptions', [
    'subscription-modal',
    'plan',
  ]);
  await audit.visit('not found', '/no-such-page', 'error-page-404');

  // dialogs, menus and drawers open
  await navigateInApp(page, '/');
  await page.getByTestId('memo-create').click();
  await audit.screen('memo editor', page.getByRole('dialog'));
  await escape(page);
  await navigateInApp(page, '/collections');
  await page.getByTestId('collection-create').click();
  await audit.screen('collection form', page.getByRole('dialog'));
  await escape(page);
  await navigateInApp(page, `/collections/${openCollection}`);
  await page.getByTestId('memo-menu').first().click();
  await audit.screen('memo menu', page.getByTestId('memo-menu-dropdown'));
  await page.getByTestId('memo-action-delete').click();
  await audit.screen('delete confirmation', page.getByTestId('memo-delete-confirm'));
  await escape(page);
  await page.getByTestId('notification-bell').click();
  await audit.screen('notifications', page.getByTestId('notification-item').first());
  await escape(page);
  await page.getByTestId('account-menu').click();
  await audit.screen('account menu', page.getByTestId('logout'));
  await escape(page);
}

/** At 375 px: the header, the bottom bar and the menu drawer replace the side menu. */
async function phoneScreens(page: Page, audit: Audit): Promise<void> {
  const { openCollection, memo } = world;
  await page.goto('/');
  await audit.screen('home', page.getByTestId('bottom-bar'));
  await audit.visit('a collection', `/collections/${openCollection}`, [
    'collection-page',
    'memo-card',
  ]);
  await audit.visit('a memo with comments', `/memo/${memo}`, 'comment');
  await audit.visit('account settings', '/account-settings', 'account-settings');
  await page.getByTestId('menu-toggle').click();
  await audit.screen('menu drawer', page.getByTestId('side-menu'));
  await page.getByTestId('menu-toggle').click();
  await navigateInApp(page, '/');
  await page.getByTestId('memo-create').click();
  await audit.screen('memo editor', page.getByRole('dialog'));
  await escape(page);
}

// Traces snapshot the page at every axe call: minutes on a busy machine, and the failure
// message already names every finding.
test.use({ trace: 'off' });

for (const theme of THEMES) {
  test(`axe-core finds nothing serious signed out (${theme})`, async ({ browser }) => {
    const page = await pageFor(browser, undefined, { theme, viewport: DESKTOP });
    const audit = new Audit(page, theme);
    await signedOutScreens(page, audit);
    await page.setViewportSize(PHONE);
    audit.size = ', 375 px';
    await audit.visit('public collection', `/p/collections/${world.openCollection}`, [
      'collection-page',
      'memo-card',
    ]);
    await audit.visit('login', '/auth', 'login-submit');
    audit.report();
  });

  test(`axe-core finds nothing serious signed in, dialogs open (${theme})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageFor(browser, world.ada, { theme, viewport: DESKTOP });
    const audit = new Audit(page, theme);
    await signedInScreens(page, audit);
    await page.setViewportSize(PHONE);
    audit.size = ', 375 px';
    await phoneScreens(page, audit);
    audit.report();
  });
}
