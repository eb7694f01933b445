import { type Page, type WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/test.js';
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

/**
 * Resolves once the page's socket has told the server that the tab holds the memo
 * (`watch_memos`): edits are sent to the tabs that hold the memo only.
 */
function watching(page: Page, memoId: number): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/api/ws') return;
      socket.on('framesent', ({ payload }) => {
        if (typeof payload !== 'string') return;
        const message = JSON.parse(payload) as { message_type?: unknown; memo_ids?: unknown };
        const ids = message.message_type === 'watch_memos' ? message.memo_ids : undefined;
        if (Array.isArray(ids) && ids.includes(memoId)) resolve();
      });
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
  const bobWatching = watching(bobPage, memo.id);
  await bobPage.goto(`/collections/${shared.id}`);
  const card = bobPage.locator(`[data-testid="memo-card"][data-memo-id="${memo.id}"]`);
  await expect(card.getByTestId('memo-card-title')).toHaveText('Agenda for Monday');
  const url = await bobSocket;
  expect(url.searchParams.get('user_id')).toBe(String(bob.id));
  expect(url.searchParams.get('token')).toBeTruthy();

  const adaPage = await pageFor(browser, ada);
  const adaSocket = socketOpened(adaPage);
  const adaWatching = watching(adaPage, memo.id);
  await adaPage.goto(`/memo/${memo.id}`);
  await expect(adaPage.getByText('Agenda for Monday').first()).toBeVisible();
  // an edit made before her socket is open would reach only Bob (nothing is pushed to nobody),
  // and one made before a tab said it holds the memo would not reach that tab
  await adaSocket;
  await Promise.all([bobWatching, adaWatching]);

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

test('what happened while the connection was down reaches the screen when it is back', async ({
  browser,
  request,
}) => {
  const ada: Member = await newMember(request, 'Ada Yonath');
  const bob: Member = await newMember(request, 'Bob Taylor');
  await connectMembers(request, ada, bob);
  const shared = await apiCollection(request, ada, { name: 'Lab notes', type: 'all_contacts' });
  const memo = await apiMemo(request, ada, shared.id, { title: 'Sample list' });

  // Bob's socket goes through the test: it can cut the line and keep it down a while.
  const bobPage = await pageFor(browser, bob);
  let down = false;
  let line: WebSocketRoute | undefined;
  await bobPage.routeWebSocket(/\/api\/ws/, (socket) => {
    if (down) {
      void socket.close({ code: 4000, reason: 'network down' });
      return;
    }
    socket.connectToServer();
    line = socket;
  });
  await bobPage.goto(`/collections/${shared.id}`);
  const card = bobPage.locator(`[data-testid="memo-card"][data-memo-id="${memo.id}"]`);
  await expect(card.getByTestId('memo-card-title')).toHaveText('Sample list');
  const bell = bobPage.getByTestId('notification-bell-badge');
  await expect(bell).toHaveAttribute('data-count', /^\d+$/);
  await expect.poll(() => line !== undefined).toBe(true);
  const before = Number(await bell.getAttribute('data-count'));

  // The line drops; meanwhile Ada renames the memo and shares a collection with Bob.
  down = true;
  await line!.close({ code: 4000, reason: 'network down' });
  await api(request, ada, 'PUT', `/api/memo/${memo.id}`, {
    title: 'Sample list, revised',
    memos_per_collection: [`/api/collection/${shared.id}`],
  });
  await apiCollection(request, ada, {
    name: 'Reading group',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${bob.id}`],
  });

  // Back up: the screen and the counter catch up without a reload.
  down = false;
  await expect(card.getByTestId('memo-card-title')).toHaveText('Sample list, revised', {
    timeout: 15_000,
  });
  await expect(bell).toHaveAttribute('data-count', String(before + 1));
  await bobPage.context().close();
});
