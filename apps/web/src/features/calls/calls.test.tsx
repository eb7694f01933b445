import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn } from '../../test/render';
import { collection, me } from '../collections/test-support';

afterEach(() => vi.unstubAllGlobals());

const ID = 'Call000001';
const SLOW = { timeout: 20_000 };
/** the first render loads the lazy page chunks and their texts */
const LOADED = { timeout: 12_000 };

function serve(options: {
  subscriber: boolean;
  live: boolean;
  isOwner?: boolean;
  joinable?: boolean;
}) {
  return mockApi((url) => {
    if (url === '/api/profile') {
      return me({}, {}, { user_has_extended_subscription: options.subscriber });
    }
    if (url.startsWith(`/api/collection/${ID}/calls`)) {
      return json(
        200,
        options.live
          ? [
              {
                id: 1,
                '@id': '/api/call/1',
                collection_id: ID,
                started_at: '2026-01-01T10:00:00+00:00',
                ended_at: null,
                started_by: { id: 9, name: 'Bo' },
                participants: [],
              },
            ]
          : [],
      );
    }
    if (url.startsWith(`/api/collection/${ID}/memo`)) {
      return json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    }
    if (url.startsWith(`/api/collection/${ID}?`) || url === `/api/collection/${ID}`) {
      return json(
        200,
        collection({
          id: ID,
          isOwner: options.isOwner ?? true,
          user_can_join_call: options.joinable ?? false,
        }),
      );
    }
    return undefined;
  });
}

describe('calls from the collection page', () => {
  it('offers to start a call to someone the web meetings rule allows', SLOW, async () => {
    signIn();
    serve({ subscriber: true, live: false });
    await renderApp(`/collections/${ID}`);
    await screen.findByTestId('collection-documents-link', {}, LOADED);
    const start = await screen.findByRole('link', { name: 'Start call' }, LOADED);
    expect(start).toHaveAttribute('href', `/meet?collection=${ID}`);
    expect(screen.queryByText('Call in progress')).toBeNull();
  });

  it('shows nothing to a free person when no call runs', SLOW, async () => {
    signIn();
    const log = serve({ subscriber: false, live: false });
    await renderApp(`/collections/${ID}`);
    await screen.findByTestId('collection-documents-link', {}, LOADED);
    // the call history was asked for and answered before the button would show
    await waitFor(() => expect(log.some((c) => c.url.includes('/calls'))).toBe(true));
    await screen.findByTestId('collection-memos-empty', {}, LOADED);
    expect(screen.queryByRole('link', { name: 'Start call' })).toBeNull();
  });

  it(
    'marks a running call and lets the audience join when calls are open to it',
    SLOW,
    async () => {
      signIn();
      serve({ subscriber: false, live: true, isOwner: false, joinable: true });
      await renderApp(`/collections/${ID}`);
      expect(await screen.findByText('Call in progress', {}, LOADED)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Join call' })).toHaveAttribute(
        'href',
        `/meet?collection=${ID}`,
      );
    },
  );
});

describe('/joincall', () => {
  it('asks a visitor for a name before joining, and shows why a join failed', SLOW, async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const calls = mockApi((url, init) => {
      if (url === '/api/call/join' && init?.method === 'POST') {
        return json(404, { message: 'This call link is not valid any more.' });
      }
      return undefined;
    });
    await renderApp('/joincall?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('did not allow the camera');
    const join = screen.getByRole('button', { name: 'Ask to join' });
    expect(join).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Vera');
    await userEvent.click(join);
    expect(await screen.findByText('This call link is not valid any more.')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/call/join')?.body).toEqual({
      token: 'abc',
      name: 'Vera',
    });
  });
});
