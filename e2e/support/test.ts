import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, plus one thing every journey needs: the browser contexts a journey
 * opens itself (pageFor, browser.newContext) are closed when it ends. Playwright closes only
 * the `page` fixture's; the rest stayed open for the worker's life, their pages polling and
 * holding sockets, and traced during every later journey of the worker.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true, box: true },
  ],
});
