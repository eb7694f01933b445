import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { grantPlan } from '../support/admin.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  ownCollections,
  pageFor,
} from '../support/members.js';
import { SCREEN_SIZES, THEMES, shoot } from '../support/screens.js';
import { pickDay, setSwitch } from '../support/ui.js';

/**
 * Issue 3 in the browser: collections of every audience made in the dialog, memos with a
 * checklist and a place, pinning, scheduling, and what visitors and strangers see.
 */

interface MemoAnswer {
  id: number;
  title: string;
  status: string;
  isScheduled: boolean;
  memo_todos: Array<{ description: string; closed: boolean }>;
  location: { latitude: number; longitude: number; description: string | null } | null;
  memos_per_collection: Array<{ collection: { id: string }; sequence_number: number }>;
}

type Choice = 'private' | 'selected_contacts' | 'identified_contacts' | 'all_contacts' | 'public';

/** Fills and saves the create dialog on /collections; the new collection opens, then back. */
async function createInDialog(
  page: Page,
  name: string,
  choice: Choice,
  options: { followers?: boolean; contact?: string; collaboration?: boolean } = {},
): Promise<void> {
  await page.getByTestId('collection-create').click();
  const form = page.getByTestId('collection-form');
  await form.getByTestId('form-name').fill(name);
  await form.getByTestId('form-description').fill(`What ${name} is about.`);
  await form.getByTestId(`visibility-${choice}`).click();
  await expect(form.getByTestId(`visibility-${choice}`)).toHaveAttribute('aria-checked', 'true');
  if (options.contact) {
    await form.getByTestId('form-contacts').click();
    await page.getByRole('option', { name: options.contact }).click();
    // Close the option list the way a person does: click elsewhere in the form.
    await form.getByTestId('form-name').click();
  }
  if (options.followers) await setSwitch(form.getByTestId('visibility-followers'), true);
  if (options.collaboration) await setSwitch(form.getByTestId('form-collaboration'), true);
  await form.getByTestId('form-save').click();
  await expect(form).toBeHidden();
  // the toast is read and closed, as a person does, so the next creation's is the only one
  const toast = page.getByRole('alert').filter({ hasText: 'Collection created' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
  // the new collection opens (its first memo goes there); back to the list for the next one
  await expect(page).toHaveURL(/\/collections\/[^/]+$/);
  await expect(page.getByTestId('collection-title')).toHaveText(name);
  await page.goBack();
  await expect(page).toHaveURL(/\/collections$/);
}

test('a silver user makes a collection of every audience in the dialog', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await newMember(request, 'Olivia Owner');
  const friend = await newMember(request, 'Felix Friend');
  await grantPlan(owner.usermail, 'silver');
  await connectMembers(request, owner, friend);

  const page = await pageFor(browser, owner);
  await page.goto('/collections');
  await expect(page.getByTestId('collections-empty-own')).toBeVisible();

  await createInDialog(page, 'Diary', 'private');
  await createInDialog(page, 'Weekend with Felix', 'selected_contacts', {
    contact: friend.name,
    collaboration: true,
  });
  await createInDialog(page, 'Contracts', 'identified_contacts');
  await createInDialog(page, 'Reading list', 'all_contacts');
  await createInDialog(page, 'Travel notes', 'all_contacts', { followers: true });
  await createInDialog(page, 'Recipes', 'public');

  const saved = await ownCollections(request, owner);
  const byName = new Map(saved.map((collection) => [collection.name, collection]));
  expect(byName.get('Diary')?.type).toBe('private');
  expect(byName.get('Weekend with Felix')).toMatchObject({
    type: 'selected_contacts',
    is_collaboration: true,
  });
  expect(
    byName.get('Weekend with Felix')?.users_per_collection.map((m) => m.user?.id ?? m.id),
  ).toEqual([friend.id]);
  expect(byName.get('Contracts')?.type).toBe('identified_contacts');
  expect(byName.get('Reading list')?.type).toBe('all_contacts');
  expect(byName.get('Travel notes')?.type).toBe('all_contacts_followers');
  expect(byName.get('Recipes')?.type).toBe('public');

  // The list shows all six (the first few, then "show more")
  await page.reload();
  await expect(page.getByTestId('tab-own')).toContainText('(6)');
  const toggle = page.getByTestId('collections-toggle');
  if (await toggle.isVisible()) await toggle.click();
  for (const name of byName.keys()) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }

  // The friend finds the shared one under Collaboration (he may add memos there)
  const friendPage = await pageFor(browser, friend);
  await friendPage.goto('/collections');
  await expect(friendPage).toHaveURL(/\/collections\/collaboration$/);
  await expect(friendPage.getByRole('link', { name: 'Weekend with Felix' })).toBeVisible();
  await friendPage.context().close();
  await page.context().close();
});

/** Types a checklist in the todo editor: "## " headers, Enter for a new item, Alt+Enter a line. */
async function typeChecklist(page: Page): Promise<void> {
  const editor = page.getByTestId('memo-editor');
  await editor.getByTestId('memo-add-todos').click();
  const first = editor.getByTestId('todo-input').first();
  await first.click();
  await page.keyboard.type('## Market');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Leeks');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Carrots');
  await page.keyboard.press('Alt+Enter');
  await page.keyboard.type('with their tops');
  await page.keyboard.press('Enter');
  await page.keyboard.type('## Bakery');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sourdough');
  const inputs = editor.getByTestId('todo-input');
  await expect(inputs).toHaveCount(5);
  await expect(inputs.nth(2)).toHaveValue('Carrots\nwith their tops');
  // Enter at the very start of an item puts an empty one above it
  await inputs.nth(4).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(inputs).toHaveCount(6);
  await expect(inputs.nth(4)).toHaveValue('');
  await expect(inputs.nth(5)).toHaveValue('Sourdough');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('Croissants');
  await editor.getByRole('checkbox', { name: /Leeks/ }).check();
}

/** Picks a place on the (stubbed) map and names it. Answers the coordinates shown. */
async function pickLocation(page: Page, description: string): Promise<string> {
  await page.getByTestId('memo-location-add').click();
  const picker = page.getByTestId('location-picker');
  const map = picker.locator('.leaflet-container');
  await expect(map).toBeVisible();
  // The tiles come from the map server (answered here by a local stub); the page's
  // Content-Security-Policy must let them in, or people see a grey box.
  await expect
    .soft(map.locator('img.leaflet-tile-loaded').first(), 'map tiles are shown')
    .toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await expect(picker.locator('.leaflet-marker-icon')).toBeVisible();
  const coordinates = (await picker.getByTestId('location-coordinates').innerText()).trim();
  await picker.getByTestId('location-description').fill(description);
  await picker.getByTestId('location-select').click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('memo-location')).toContainText(description);
  return coordinates;
}

async function saveMemo(page: Page): Promise<void> {
  const editor = page.getByTestId('memo-editor');
  await editor.getByTestId('memo-save').click();
  await expect(editor).toBeHidden();
}

function card(page: Page, title: string) {
  return page.getByTestId('memo-card').filter({
    has: page.getByTestId('memo-card-title').getByText(title, { exact: true }),
  });
}

test('memos with a checklist and a place; a pinned memo goes on top; a scheduled one waits', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await newMember(request, 'Grace Gardener');
  await grantPlan(owner.usermail, 'silver');
  const collection = await apiCollection(request, owner, { name: 'Market days', type: 'private' });
  const page = await pageFor(browser, owner, { mapTiles: true });
  await page.goto(`/collections/${collection.id}`);
  await expect(page.getByTestId('collection-header')).toContainText('Market days');
  await expect(page.getByTestId('memo-card')).toHaveCount(0);

  // 1. A memo with a checklist and a location
  await page.getByTestId('collection-add-memo').click();
  const editor = page.getByTestId('memo-editor');
  await editor.getByTestId('memo-title').fill('Saturday market');
  await editor.getByTestId('memo-description').click();
  await page.keyboard.type('Shopping at the Vrijdagmarkt.');
  await typeChecklist(page);
  const shown = await pickLocation(page, 'Vrijdagmarkt, Ghent');
  await saveMemo(page);
  const market = card(page, 'Saturday market');
  await expect(market).toBeVisible();
  await expect(market.getByTestId('memo-progress')).toContainText('1 of 4 done');
  await expect(market).toContainText('Vrijdagmarkt, Ghent');

  const list = await api<MemoAnswer[]>(
    request,
    owner,
    'GET',
    `/api/collection/${collection.id}/memo`,
  );
  const saved = list.find((memo) => memo.title === 'Saturday market');
  expect(saved?.memo_todos.map((todo) => [todo.description, todo.closed])).toEqual([
    ['## Market', false],
    ['Leeks', true],
    ['Carrots\nwith their tops', false],
    ['## Bakery', false],
    ['Croissants', false],
    ['Sourdough', false],
  ]);
  expect(saved?.location?.description).toBe('Vrijdagmarkt, Ghent');
  const [lat, lng] = shown.match(/-?\d+\.\d+/g)!.map(Number);
  expect(saved?.location?.latitude).toBeCloseTo(lat!, 4);
  expect(saved?.location?.longitude).toBeCloseTo(lng!, 4);

  // 2. A second memo is newer: it comes first
  await page.getByTestId('collection-add-memo').click();
  await editor.getByTestId('memo-title').fill('Call the baker');
  await saveMemo(page);
  const titles = page.getByTestId('memo-card-title');
  await expect(titles.first()).toHaveText('Call the baker');

  // 3. Pinning the first memo moves it to the top with its badge
  await market.getByTestId('memo-menu').click();
  await page.getByTestId('memo-action-pin').click();
  await expect(titles.first()).toHaveText('Saturday market');
  await expect(market.getByTestId('memo-pinned')).toBeVisible();
  await page.reload();
  await expect(titles.first()).toHaveText('Saturday market');

  // 4. A scheduled memo (silver): the date picker's schedule, then the badge
  await page.getByTestId('collection-add-memo').click();
  await editor.getByTestId('memo-title').fill('Harvest festival announcement');
  await editor.getByTestId('memo-date-add').click();
  const picker = page.getByTestId('date-time-picker');
  await picker.getByText('Schedule', { exact: true }).click();
  await expect(picker.getByTestId('date-kind-hint')).not.toBeEmpty();
  const inTwoDays = new Date();
  inTwoDays.setDate(inTwoDays.getDate() + 2);
  await pickDay(page, inTwoDays);
  await expect(picker.getByTestId('time-hours')).toHaveValue('06');
  await picker.getByTestId('date-submit').click();
  await expect(editor.getByTestId('memo-schedule-date')).toBeVisible();
  await saveMemo(page);
  const scheduled = card(page, 'Harvest festival announcement');
  await expect(scheduled.getByTestId('memo-scheduled')).toBeVisible();
  const own = await api<MemoAnswer[]>(request, owner, 'GET', `/api/user/${owner.id}/memo`);
  expect(own.find((memo) => memo.title === 'Harvest festival announcement')).toMatchObject({
    status: 'scheduled',
    isScheduled: true,
  });
  await page.context().close();
});

test('a visitor reads a public collection and a private one by its secret link; a stranger is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await newMember(request, 'Ada Author');
  const stranger = await newMember(request, 'Sam Stranger');
  const open = await apiCollection(request, owner, { name: 'Open kitchen', type: 'public' });
  await apiMemo(request, owner, open.id, { title: 'Pancakes for twelve' });
  await apiMemo(request, owner, open.id, { title: 'Lemon curd' });
  const closed = await apiCollection(request, owner, { name: 'Secret garden', type: 'private' });
  await apiMemo(request, owner, closed.id, { title: 'Where the key is' });

  // A visitor (no account) reads the public collection and its memos, without actions
  const visitor = await pageFor(browser);
  await visitor.goto(`/p/collections/${open.id}`);
  await expect(visitor.getByTestId('collection-header')).toContainText('Open kitchen');
  const titles = visitor.getByTestId('memo-card-title');
  await expect(titles).toHaveText(['Lemon curd', 'Pancakes for twelve']);
  await expect(visitor.getByTestId('memo-menu')).toHaveCount(0);
  await expect(visitor.getByTestId('collection-add-memo')).toHaveCount(0);

  // The owner takes the private collection's secret link from its menu
  const page = await pageFor(browser, owner);
  await page.goto(`/collections/${closed.id}`);
  await page.getByTestId(`collection-menu-${closed.id}`).click();
  await page.getByTestId('collection-menu-link').click();
  const value = page.getByTestId('secret-link-value');
  await expect(value).toHaveValue(/\/p\/collections\/\w+\?secure_token=/);
  const link = await value.inputValue();
  expect(link).toContain(`/p/collections/${closed.id}?secure_token=`);

  // Anyone holding the link reads it
  await visitor.goto(link);
  await expect(visitor.getByTestId('collection-header')).toContainText('Secret garden');
  await expect(visitor.getByTestId('memo-card-title')).toHaveText(['Where the key is']);
  // Without the token the private collection is not shown
  await visitor.goto(`/p/collections/${closed.id}`);
  await expect(visitor.getByTestId('memo-card-title')).toHaveCount(0);
  await expect(visitor.getByTestId(/^error-page-40[34]$/)).toBeVisible();

  // A signed-in stranger gets the access-denied page
  const strangerPage = await pageFor(browser, stranger);
  await strangerPage.goto(`/collections/${closed.id}`);
  await expect(strangerPage.getByTestId('error-page-403')).toBeVisible();
  await expect(strangerPage.getByText('Where the key is')).toHaveCount(0);
  // ... but may read the public one
  await strangerPage.goto(`/collections/${open.id}`);
  await expect(strangerPage.getByTestId('memo-card-title')).toHaveCount(2);

  for (const p of [visitor, page, strangerPage]) await p.context().close();
});

test('screens: home, collections, the collection dialog and page, the memo editor and a public collection', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await newMember(request, 'Hedy Lamarr');
  const friend = await newMember(request, 'Nikola Tesla');
  await grantPlan(owner.usermail, 'silver');
  await connectMembers(request, owner, friend);
  const inDays = (days: number, hour: number) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    date.setHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const recipes = await apiCollection(request, owner, {
    name: 'Recipes from the harbour',
    description: 'Fish, bread and the odd cake.',
    type: 'public',
    group_name: 'Kitchen',
  });
  await apiCollection(request, owner, {
    name: 'Weekend in the Ardennes with the whole family',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${friend.id}`],
    is_collaboration: true,
    collaboration_on_checklist: true,
    group_name: 'Trips',
  });
  await apiCollection(request, owner, { name: 'Travel journal', type: 'all_contacts_followers' });
  await apiCollection(request, owner, { name: 'Diary', type: 'private' });
  await apiMemo(request, owner, recipes.id, {
    title: 'Fish soup for a cold evening',
    description:
      `<p>Ask <a data-type="mention" data-id="${friend.id}" data-label="${friend.name}">@${friend.name}</a> ` +
      'for the saffron. <a data-type="hashtag" data-label="soup">#soup</a></p>',
    memo_todos: [
      { description: '## Fish' },
      { description: 'Cod', closed: true },
      { description: 'Mussels' },
      { description: '## Vegetables' },
      { description: 'Fennel and leeks' },
    ],
    todo: true,
    memo_tags: ['soup', 'fish'],
    location: { latitude: 51.2303, longitude: 2.9196, zoom: 14, description: 'Ostend harbour' },
    date_event: inDays(3, 19),
  });
  const pinned = await apiMemo(request, owner, recipes.id, {
    title: 'Sourdough starter: feeding schedule',
    description: '<p>Twice a day, equal weights of flour and water.</p>',
    memo_tags: ['bread'],
  });
  await api(request, owner, 'GET', `/api/memo/pin_on_top/${pinned.id}?collection=${recipes.id}`);
  await apiMemo(request, owner, recipes.id, {
    title: 'Apple cake for Sunday',
    isScheduled: true,
    memo_scheduled: inDays(2, 6),
  });

  for (const theme of THEMES) {
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      const suffix = `${size}-${theme}`;
      const page = await pageFor(browser, owner, { theme, viewport });
      await page.goto('/');
      await expect(page.getByTestId('memo-card')).toHaveCount(3);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await shoot(page, `memos-home-${suffix}`);

      await page.goto('/collections');
      await expect(page.getByTestId('tab-own')).toContainText('(4)');
      await shoot(page, `collections-list-${suffix}`);

      await page.getByTestId('collection-create').click();
      const form = page.getByTestId('collection-form');
      await form.getByTestId('form-name').fill('Summer plans');
      await form.getByTestId('visibility-all_contacts').click();
      await expect(form.getByTestId('visibility-followers')).toBeAttached();
      await shoot(page, `collection-dialog-${suffix}`);
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();

      await page.goto(`/collections/${recipes.id}`);
      await expect(page.getByTestId('memo-card')).toHaveCount(3);
      await expect(page.getByTestId('memo-pinned')).toBeVisible();
      await shoot(page, `collection-page-${suffix}`);

      const soup = card(page, 'Fish soup for a cold evening');
      await soup.getByTestId('memo-menu').click();
      await page.getByTestId('memo-action-edit').click();
      const editor = page.getByTestId('memo-editor');
      await expect(editor.getByTestId('todo-input')).toHaveCount(5);
      await expect(editor.getByTestId('memo-location')).toBeVisible();
      await expect(editor.getByTestId('memo-description')).toContainText('saffron');
      await shoot(page, `memo-editor-${suffix}`);
      await page.context().close();

      const visitor = await pageFor(browser, undefined, { theme, viewport });
      await visitor.goto(`/p/collections/${recipes.id}`);
      await expect(visitor.getByTestId('memo-card')).toHaveCount(2);
      await shoot(visitor, `public-collection-${suffix}`);
      await visitor.context().close();
    }
  }
});
