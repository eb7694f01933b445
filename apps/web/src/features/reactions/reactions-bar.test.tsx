import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Memo } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { memoKeys, useMemoDetail } from '../memos/queries';
import { memoFixture } from '../memos/test-support';
import { ReactionsBar } from './reactions-bar';

afterEach(() => vi.unstubAllGlobals());

function Cached({ id }: { id: number }) {
  const memo = useMemoDetail(id).data;
  return memo ? <ReactionsBar memo={memo} /> : null;
}

/** The bar of a memo read through the memo query, as the memo page has it. */
async function renderCached(memo: Memo) {
  const view = await renderWidget(<Cached id={memo.id} />);
  await screen.findByTestId('reactions-bar');
  return view;
}

/** Answers GET /api/memo/{id} with `memo`, the rest with `other`. */
function serve(memo: Memo, other: (url: string, init: RequestInit) => Response | undefined) {
  return mockApi((url, init) =>
    url === `/api/memo/${memo.id}` && (init.method ?? 'GET') === 'GET'
      ? json(200, memo)
      : other(url, init),
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const count = (type: string) =>
  screen.getByTestId(`reaction-${type}`).querySelector('[data-testid="reaction-count"]')
    ?.textContent ?? '';

describe('reactions bar', { timeout: 20_000 }, () => {
  it('counts at once in the large-number format, then takes the server answer', async () => {
    signIn();
    const answer = deferred<Response>();
    const memo = memoFixture({
      reactions: { like: 1499, love: 2 },
      my_reaction: 'love',
      my_reaction_id: 5,
    });
    const calls = serve(memo, (url, init) =>
      url === '/api/memo/reaction' && // the fetch stub awaits what it is given: a pending answer holds the request open
      init.method === 'POST'
        ? (answer.promise as unknown as Response)
        : undefined,
    );
    const view = await renderCached(memo);
    expect(count('like')).toBe('1.4k');
    expect(screen.getByTestId('reaction-love').getAttribute('aria-pressed')).toBe('true');

    await userEvent.setup().click(screen.getByTestId('reaction-like'));
    // the viewer's reaction moves from love to like before the server answers
    expect(count('like')).toBe('1.5k');
    expect(count('love')).toBe('1');
    expect(screen.getByTestId('reaction-like').getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      memo: '/api/memo/1',
      reaction_type: 'like',
    });
    answer.resolve(json(201, { id: 5, reaction_type: 'like', reactions: { like: 1501, love: 1 } }));
    await waitFor(() => expect(count('like')).toBe('1.5k'));
    await waitFor(() =>
      expect(view.queryClient.getQueryData<Memo>(memoKeys.detail(1, {}))?.reactions).toEqual({
        like: 1501,
        love: 1,
      }),
    );
  });

  it('puts the counts back when the server refuses', async () => {
    signIn();
    const memo = memoFixture({ reactions: { wow: 3 } });
    serve(memo, (url) =>
      url === '/api/memo/reaction'
        ? json(403, { message: 'The author does not allow reactions on this memo.' })
        : undefined,
    );
    const view = await renderCached(memo);
    await userEvent.setup().click(screen.getByTestId('reaction-wow'));
    await waitFor(() =>
      expect(view.queryClient.getQueryData<Memo>(memoKeys.detail(1, {}))).toMatchObject({
        reactions: { wow: 3 },
        my_reaction: null,
      }),
    );
    expect(count('wow')).toBe('3');
    expect(screen.getByTestId('reaction-wow').getAttribute('aria-pressed')).toBe('false');
  });

  it('takes back the own reaction by its id, and is keyboard usable', async () => {
    signIn();
    const memo = memoFixture({ reactions: { sad: 1 }, my_reaction: 'sad', my_reaction_id: 9 });
    const calls = serve(memo, (url, init) =>
      url === '/api/memo/reaction/9' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderCached(memo);
    const user = userEvent.setup();
    screen.getByTestId('reaction-sad').focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/memo/reaction/9')).toBe(
        true,
      ),
    );
    expect(screen.getByTestId('reaction-sad').getAttribute('aria-pressed')).toBe('false');
  });

  it('lists who reacted on demand', async () => {
    signIn();
    const memo = memoFixture({ reactions: { like: 1 } });
    serve(memo, (url) =>
      url.startsWith('/api/memo/1/reactions')
        ? json(200, [
            {
              id: 3,
              '@id': '/api/memo/reaction/3',
              memo: '/api/memo/1',
              reaction_type: 'like',
              user: { id: 8, '@id': '/api/user/8', name: 'Bo Builder', picture: null, label: 'BB' },
              createdAt: '2030-01-01T10:00:00+00:00',
            },
          ])
        : undefined,
    );
    await renderCached(memo);
    await userEvent.setup().click(screen.getByTestId('reactions-who'));
    expect(await screen.findByText('Bo Builder')).toBeTruthy();
  });

  it('is not shown to people outside the author’s circle', async () => {
    signIn();
    mockApi(() => undefined);
    await renderWidget(<ReactionsBar memo={memoFixture({ can_see_engagement: false })} />);
    expect(screen.queryByTestId('reactions-bar')).toBeNull();
  });
});
