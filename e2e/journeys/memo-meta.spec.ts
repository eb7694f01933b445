import { type Locator } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { apiCollection, apiMemo, newMember, pageFor } from '../support/members.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * The line under a memo's title (author · collection · created) on narrow screens: where it
 * wraps, the "·" stays at the end of the line before and never starts a line.
 */

/** For each "·" of the line: is it on the same line as the character just before it? */
async function separatorsKeptWithTheItemBefore(line: Locator): Promise<boolean[]> {
  return line.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const characters: Array<{ node: Text; offset: number }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      for (let i = 0; i < text.data.length; i += 1) characters.push({ node: text, offset: i });
    }
    const topOf = ({ node, offset }: { node: Text; offset: number }) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect().top;
    };
    const visible = characters.filter((c) => !/\s/.test(c.node.data[c.offset]!));
    return visible.flatMap((c, i) =>
      c.node.data[c.offset] === '·' && i > 0
        ? [Math.abs(topOf(c) - topOf(visible[i - 1]!)) < 2]
        : [],
    );
  });
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`a memo's author, collection and date line wraps without a leading separator (${size})`, async ({
    browser,
    request,
  }) => {
    const ada = await newMember(request, 'Ada Lovelace-Byron');
    const garden = await apiCollection(request, ada, {
      name: 'Garden notes of the year',
      type: 'private',
    });
    const memo = await apiMemo(request, ada, garden.id, { title: 'Tomatoes' });
    const page = await pageFor(browser, ada, { viewport });
    await page.goto(`/memo/${memo.id}`);
    const line = page.getByTestId('memo-view-meta');
    await expect(line).toContainText('Garden notes of the year');
    await expect(line).toContainText('Created');
    expect(await separatorsKeptWithTheItemBefore(line)).toEqual([true, true]);
    await shoot(page, `memo-meta-${size}`);
  });
}
