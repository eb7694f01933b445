import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { attachmentFixture } from './test-support';

const memo = memoFixture({
  id: 5,
  title: 'Holiday',
  memo_photos: [
    attachmentFixture({ id: 12, sequence_number: 1, file_name: 'second.jpg' }),
    attachmentFixture({ id: 11, sequence_number: 0, file_name: 'first.jpg' }),
    attachmentFixture({ id: 13, sequence_number: 2, status: 'deleted', action: 'delete' }),
  ],
  memo_videos: [attachmentFixture({ id: 21, type: 'video' })],
});

function api() {
  return mockApi((url) => {
    if (url.startsWith('/api/memo/5')) return json(200, memo);
    if (url === '/api/profile') return json(200, testUser());
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('gallery', { timeout: 30_000 }, () => {
  it('moves with the arrow keys through photos then videos, skips deleted ones, and Escape closes', async () => {
    signIn();
    api();
    const { router } = await renderApp('/memo/5/gallery/11');
    expect(await screen.findByTestId('gallery', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('gallery-photo')).toHaveAttribute('alt', 'first.jpg');
    expect(screen.getByText(/1 \/ 3/)).toBeInTheDocument();
    const srcset = screen.getByTestId('gallery-photo').getAttribute('srcset') ?? '';
    expect(srcset).toContain('variant=220w&sig=s 220w');
    expect(srcset).toContain('variant=900w&sig=s 900w');

    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/memo/5/gallery/12'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/memo/5/gallery/21'));
    expect(await screen.findByTestId('gallery-video')).toBeInTheDocument();
    // wraps around to the first
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/memo/5/gallery/11'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/memo/5/gallery/21'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/memo/5'));
  });
});
