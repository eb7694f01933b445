import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { card, connection } from '../connections/test-support';
import { ADA, BEN, CHLOE, hydra, message, messengerRoute, thread } from './test-support';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });
const slow = { timeout: 20_000 };

type Extra = (url: string, init: RequestInit) => Response | undefined;

function api(threads = [thread(1)], messages = [message(1, BEN, 'Hello Ada')], extra?: Extra) {
  signIn();
  const route = messengerRoute(threads, messages);
  return mockApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(200, testUser());
    if (url.startsWith('/api/user/connection?')) {
      return json(
        200,
        hydra([connection(50, card(8, 'Ben Brown')), connection(51, card(9, 'Chloé Carter'))]),
      );
    }
    return route(url);
  });
}

const posts = (calls: ReturnType<typeof mockApi>, path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.startsWith(path));

describe('messenger', () => {
  it('lists threads with name, last message, unread badge and muted mark; searches on the server', async () => {
    const calls = api([
      thread(1, {
        last_message: 'See you',
        last_message_created_at: '2025-01-10T09:00:00Z',
        unread: 3,
      }),
      thread(2, {
        thread_type: 'group',
        name: 'Trip',
        users: [ADA, BEN, CHLOE],
        muted: true,
        last_message: '[empty]',
      }),
    ]);
    await renderApp('/messages');
    const first = await screen.findByTestId('thread-row-1', {}, slow);
    expect(within(first).getByTestId('thread-name')).toHaveTextContent('Ben Brown');
    expect(within(first).getByTestId('thread-last')).toHaveTextContent('See you');
    expect(within(first).getByTestId('thread-unread')).toHaveAccessibleName('3 unread messages');
    const group = screen.getByTestId('thread-row-2');
    expect(within(group).getByTestId('thread-name')).toHaveTextContent('Trip');
    expect(within(group).getByTestId('thread-last')).toHaveTextContent('Photo or document');
    expect(within(group).getByTestId('thread-muted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('side-messages-badge')).toHaveAttribute('data-count', '3'),
    );

    await userEvent.type(screen.getByTestId('thread-search'), 'trip');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.startsWith('/api/thread/search?') && c.url.includes('search=trip')),
      ).toBe(true),
    );
  });

  it('shows a thread by day and sends at once; the answer replaces the copy', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = api(undefined, undefined, (url, init) => {
      if (url === '/api/thread/message' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { key: string };
        return new Promise<Response>((resolve) => {
          answer = (r) => resolve(r);
          void body;
        }) as unknown as Response;
      }
      return undefined;
    });
    await renderApp('/messages/t/1');
    expect(await screen.findByText('Hello Ada', {}, slow)).toBeInTheDocument();
    expect(screen.getAllByTestId('day-group')).toHaveLength(1);
    // Ben's message is past what Ada has read: the thread is marked read
    await waitFor(() => expect(posts(calls, '/api/thread/1/read')).toHaveLength(1));
    await userEvent.type(screen.getByTestId('composer'), 'Hi Ben{Enter}');
    const pending = await screen.findByText('Hi Ben');
    expect(pending.closest('[data-testid="message"]')).toHaveAttribute('data-status', 'sending');
    const sent = posts(calls, '/api/thread/message')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      thread: '/api/thread/1',
      description: 'Hi Ben',
      reply_to_message: null,
    });
    expect(typeof sent.key).toBe('string');
    await act(async () =>
      answer(
        json(201, {
          message: message(2, ADA, 'Hi Ben', { key: sent.key as string }),
          originalMessage: null,
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByText('Hi Ben').closest('[data-testid="message"]')).toHaveAttribute(
        'data-status',
        'sent',
      ),
    );
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });

  it('shows a message photo at the size it needs (srcset of the signed sizes)', async () => {
    const photo = {
      id: 70,
      '@id': '/api/message/photo/70',
      content_url: '/api/message/photo/70?variant=550w&sig=b',
      secure_urls: {
        '40w': '/api/message/photo/70?variant=40w&sig=x',
        '220w': '/api/message/photo/70?variant=220w&sig=a',
        '550w': '/api/message/photo/70?variant=550w&sig=b',
        '900w': '/api/message/photo/70?variant=900w&sig=c',
      },
      width: 1200,
      height: 800,
      name: 'beach.jpg',
      mime_type: 'image/jpeg',
    };
    api(undefined, [message(1, BEN, 'Look', { message_photos: [photo] })]);
    await renderApp('/messages/t/1');
    const img = await screen.findByTestId('message-photo', {}, slow);
    expect(img).toHaveAttribute('src', photo.content_url);
    expect(img).toHaveAttribute(
      'srcset',
      `${photo.secure_urls['220w']} 220w, ${photo.secure_urls['550w']} 550w, ${photo.secure_urls['900w']} 900w`,
    );
    expect(img).toHaveAttribute('sizes', '240px');
    expect(img).toHaveAccessibleName('beach.jpg');
  });

  it('a failed send shows as failed; retry sends the same key and keeps one message', async () => {
    let tries = 0;
    const calls = api(undefined, undefined, (url, init) => {
      if (url !== '/api/thread/message' || init.method !== 'POST') return undefined;
      tries += 1;
      if (tries === 1) return json(500, { message: 'down' });
      const body = JSON.parse(String(init.body)) as { key: string };
      return json(201, {
        message: message(2, ADA, 'Again', { key: body.key }),
        originalMessage: null,
      });
    });
    await renderApp('/messages/t/1');
    await screen.findByText('Hello Ada', {}, slow);
    await userEvent.type(screen.getByTestId('composer'), 'Again{Enter}');
    await waitFor(() =>
      expect(screen.getByText('Again').closest('[data-testid="message"]')).toHaveAttribute(
        'data-status',
        'failed',
      ),
    );
    expect(screen.getByText('Not sent.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('retry-message'));
    await waitFor(() =>
      expect(screen.getByText('Again').closest('[data-testid="message"]')).toHaveAttribute(
        'data-status',
        'sent',
      ),
    );
    const [first, second] = posts(calls, '/api/thread/message').map(
      (c) => (c.body as { key: string }).key,
    );
    expect(second).toBe(first);
    expect(screen.getAllByText('Again')).toHaveLength(1);
  });

  it('replies with a quote, edits and deletes its own message', async () => {
    const mine = message(2, ADA, 'Typo hree');
    const calls = api(undefined, [message(1, BEN, 'Hello Ada'), mine], (url, init) => {
      if (url === '/api/thread/message' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { key: string };
        return json(201, {
          message: message(3, ADA, 'Answer', {
            key: body.key,
            messageToReply: {
              id: 1001,
              '@id': '/api/thread/message/1001',
              description: 'Hello Ada',
              user_id: 8,
              status: 'sent',
            },
          }),
        });
      }
      if (url === '/api/thread/message/1002' && init.method === 'PATCH') {
        return json(200, { ...mine, description: 'Typo here', edited: true });
      }
      if (url === '/api/thread/message/1002' && init.method === 'DELETE') {
        return json(200, { ...mine, description: '[deleted]', status: 'deleted' });
      }
      return undefined;
    });
    await renderApp('/messages/t/1');
    const hello = (await screen.findByText('Hello Ada', {}, slow)).closest(
      '[data-testid="message"]',
    ) as HTMLElement;
    await userEvent.click(within(hello).getByTestId('reply-button'));
    expect(screen.getByTestId('composer-banner')).toHaveTextContent('Replying to Ben Brown');
    await userEvent.type(screen.getByTestId('composer'), 'Answer{Enter}');
    expect(posts(calls, '/api/thread/message')[0]!.body).toMatchObject({
      reply_to_message: '/api/thread/message/1001',
    });
    const answerEl = (await screen.findByText('Answer')).closest(
      '[data-testid="message"]',
    ) as HTMLElement;
    expect(within(answerEl).getByTestId('message-quote')).toHaveTextContent('Hello Ada');

    const own = screen.getByText('Typo hree').closest('[data-testid="message"]') as HTMLElement;
    await userEvent.click(within(own).getByTestId('message-menu'));
    await userEvent.click(await screen.findByTestId('edit-message'));
    const field = screen.getByTestId('composer');
    await waitFor(() => expect(field).toHaveValue('Typo hree'));
    await userEvent.clear(field);
    await userEvent.type(field, 'Typo here{Enter}');
    const edited = (await screen.findByText('Typo here')).closest(
      '[data-testid="message"]',
    ) as HTMLElement;
    expect(within(edited).getByTestId('message-edited')).toBeInTheDocument();

    await userEvent.click(within(edited).getByTestId('message-menu'));
    await userEvent.click(await screen.findByTestId('delete-message'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This message was deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/thread/message/1002')).toBe(
      true,
    );
    // Ben's message offers no edit or delete to Ada
    expect(within(hello).queryByTestId('message-menu')).not.toBeInTheDocument();
  });

  it('reacts at once, keeps the server answer, and rolls back on failure', async () => {
    let fail = false;
    const calls = api(undefined, undefined, (url, init) => {
      if (url.startsWith('/api/thread/message/1001/reaction') && init.method === 'PATCH') {
        if (fail) return json(422, { message: 'Not an emoji' });
        return json(200, [
          {
            unicode: '🎉',
            count: 2,
            users: [
              { user_id: 7, reacted_at: 'x' },
              { user_id: 8, reacted_at: 'y' },
            ],
          },
        ]);
      }
      return undefined;
    });
    await renderApp('/messages/t/1');
    const hello = (await screen.findByText('Hello Ada', {}, slow)).closest(
      '[data-testid="message"]',
    ) as HTMLElement;
    await userEvent.click(within(hello).getByTestId('react-button'));
    await userEvent.click(await screen.findByTestId('emoji-🎉'));
    expect(calls.find((c) => c.url.includes('/reaction'))!.body).toEqual({ unicode: '🎉' });
    await waitFor(() => expect(within(hello).getByTestId('reaction-🎉')).toHaveTextContent('🎉 2'));
    expect(within(hello).getByTestId('reaction-🎉')).toHaveAttribute('aria-pressed', 'true');

    fail = true;
    await userEvent.click(within(hello).getByTestId('reaction-🎉'));
    expect(calls.filter((c) => c.url.includes('/reaction'))[1]!.url).toContain('remove=true');
    await waitFor(() => expect(within(hello).getByTestId('reaction-🎉')).toHaveTextContent('🎉 2'));
  });

  it('loads the older page when asked, 20 a page, keeping each message once', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      message(i + 1, i % 2 ? ADA : BEN, `Note ${i + 1}`),
    );
    const calls = api(undefined, many);
    await renderApp('/messages/t/1');
    await screen.findByText('Note 25', {}, slow);
    expect(screen.getAllByTestId('message')).toHaveLength(20);
    expect(screen.queryByText('Note 5')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('load-older'));
    await screen.findByText('Note 5');
    expect(screen.getAllByTestId('message')).toHaveLength(25);
    expect(calls.some((c) => c.url.includes('/api/thread/1/messages?page=2&itemsPerPage=20'))).toBe(
      true,
    );
    const order = screen.getAllByTestId('message').map((m) => Number(m.getAttribute('data-seq')));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(screen.queryByTestId('load-older')).not.toBeInTheDocument();
  });

  it('creates a group; a twin group offers the existing one or another anyway', async () => {
    let created = 0;
    const calls = api([], [], (url, init) => {
      if (url === '/api/thread' && init.method === 'POST') {
        created += 1;
        const body = JSON.parse(String(init.body)) as { create_anyway?: boolean };
        if (!body.create_anyway)
          return json(409, { id: 4, description: 'This conversation exists already.' });
        return json(
          201,
          thread(5, { thread_type: 'group', name: 'Team', users: [ADA, BEN, CHLOE] }),
        );
      }
      if (url === '/api/thread/5')
        return json(
          200,
          thread(5, { thread_type: 'group', name: 'Team', users: [ADA, BEN, CHLOE] }),
        );
      if (url.startsWith('/api/thread/5/messages')) return json(200, hydra([]));
      return undefined;
    });
    const { router } = await renderApp('/messages/c');
    await screen.findByTestId('create-thread', {}, slow);
    await userEvent.click(screen.getByRole('radio', { name: 'Group' }));
    await userEvent.click(await screen.findByTestId('create-submit'));
    expect(screen.getByTestId('create-problem')).toHaveTextContent('Choose at least one person.');
    await userEvent.click(await screen.findByTestId('pick-8'));
    await userEvent.click(screen.getByTestId('pick-9'));
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(screen.getByTestId('create-problem')).toHaveTextContent(
      'A group name is needed for group conversations',
    );
    await userEvent.type(screen.getByTestId('group-name'), 'Team');
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(await screen.findByTestId('thread-exists')).toHaveTextContent(
      'This conversation exists already.',
    );
    expect(posts(calls, '/api/thread')[0]!.body).toMatchObject({
      thread_type: 'group',
      name: 'Team',
      users: ['/api/user/8', '/api/user/9'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create a new group anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/t/5'));
    expect(created).toBe(2);
    expect(await screen.findByTestId('thread-title', {}, slow)).toHaveTextContent('Team');
  });

  it('one pane at a time on a phone, list and thread side by side from md', async () => {
    api();
    const { unmount } = await renderApp('/messages/t/1');
    await screen.findByText('Hello Ada', {}, slow);
    expect(screen.queryByTestId('thread-list')).not.toBeInTheDocument();
    expect(screen.getByTestId('thread-back')).toHaveAttribute('href', '/messages');
    unmount();

    const narrow = window.matchMedia;
    const wide = (query: string) => ({ ...narrow(query), matches: query.includes('min-width') });
    vi.stubGlobal('matchMedia', wide);
    try {
      await renderApp('/messages/t/1');
      await screen.findByText('Hello Ada', {}, slow);
      expect(await screen.findByTestId('thread-list')).toBeInTheDocument();
      expect(screen.getByTestId('thread-row-1')).toHaveAttribute('aria-current', 'page');
      expect(screen.queryByTestId('thread-back')).not.toBeInTheDocument();
    } finally {
      vi.stubGlobal('matchMedia', narrow);
    }
  });
});
