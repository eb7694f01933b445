import { expect, test } from '../support/test.js';
import { apiCollection, apiMemo, newMember, pageFor } from '../support/members.js';

/**
 * Lists load their next page by themselves when scrolled near the end (docs/DOMAIN.md, States:
 * "Data-fetching lists"), without the "more" button: here the signed-in memo list, 10 a page.
 */
test('the memo list loads further pages as the page is scrolled, then says it is over', async ({
  browser,
  request,
}) => {
  const ada = await newMember(request, 'Ada Scroller');
  const notes = await apiCollection(request, ada, { name: 'Notes', type: 'private' });
  for (let i = 1; i <= 25; i += 1) await apiMemo(request, ada, notes.id, { title: `Note ${i}` });
  const page = await pageFor(browser, ada);
  await page.goto('/');
  const cards = page.getByTestId('memo-card');
  await expect(cards).toHaveCount(10);
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(cards).toHaveCount(25, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('list-over')).toBeVisible();
  await expect(page.getByTestId('list-more')).toHaveCount(0);
});
