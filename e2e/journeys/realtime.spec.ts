import { expect, test, type Page } from '@playwright/test';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
  type Member,
} from '../support/members.js';

/** Resolves with the URL of the first WebSocket the page opens to /api/ws. */
function socketOpened(page: Page): Promise<URL> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      const url = new URL(socket.url());
      if (url.pathname === '/api/ws') resolve(url);
    });
  });
}

test('memo edits and deletions reach the open screens of those who may see the memo, live', async ({
  browser,
  request,
}) => {
  const ada: Member = await newMember(request, 'Ada Lovelace');
  const bob: Member = await newMember(request, 'Bob Kahn');
  await connectMembers(request, ada, bob);
  const shared = await apiCollection(request, ada, { name: 'Shared notes', type: 'all_contacts' });
  const memo = await apiMemo(request, ada, shared.id, { title: 'Agenda for Monday' });

  // Bob reads the collection; Ada has the memo open in two tabs.
  const bobPage = await pageFor(browser, bob);
  const bobSocket = socketOpened(bobPage);
  await bobPage.goto(`/collections/${shared.id}`);
  const card = bobPage.locator(`[data-testid="memo-card"][data-memo-id="${memo.id}"]`);
  await expect(card.getByTestId('memo-card-title')).toHaveText('Agenda for Monday');
  const url = await bobSocket;
  expect(url.searchParams.get('user_id')).toBe(String(bob.id));
  expect(url.searchParams.get('token')).toBeTruthy();

  const adaPage = await pageFor(browser, ada);
  await adaPage.goto(`/memo/${memo.id}`);
  await expect(adaPage.getByText('Agenda for Monday').first()).toBeVisible();

  // Ada edits from elsewhere (the API): both screens change without a reload.
  await api(request, ada, 'PUT', `/api/memo/${memo.id}`, {
    title: 'Agenda for Tuesday',
    memos_per_collection: [`/api/collection/${shared.id}`],
  });
  await expect(card.getByTestId('memo-card-title')).toHaveText('Agenda for Tuesday');
  await expect(adaPage.getByText('Agenda for Tuesday').first()).toBeVisible();

  // Deleted: it leaves Bob's list.
  await api(request, ada, 'DELETE', `/api/memo/${memo.id}`);
  await expect(card).toHaveCount(0);

  await bobPage.context().close();
  await adaPage.context().close();
});
