import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { memoKeys, useMemoDetail } from '../memos/queries';
import { MemoAttachments } from './memo-attachments';
import { attachmentFixture } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const processing = memoFixture({
  id: 8,
  memo_videos: [
    attachmentFixture({ id: 41, type: 'video', status: 'processing', secure_urls: null }),
  ],
  memo_documents: [
    attachmentFixture({ id: 51, type: 'document', file_name: 'report-v2.pdf' }),
    attachmentFixture({
      id: 50,
      type: 'document',
      file_name: 'report-v1.pdf',
      replaced_by_document_id: 51,
    }),
    attachmentFixture({ id: 52, type: 'document', file_name: 'gone.pdf', status: 'deleted' }),
  ],
});
const ready = {
  ...processing,
  memo_videos: [attachmentFixture({ id: 41, type: 'video', status: 'ready' })],
};

function Host() {
  const memo = useMemoDetail(8).data;
  return memo ? <MemoAttachments memo={memo} /> : null;
}

describe('memo attachments', { timeout: 20_000 }, () => {
  it('shows a converting video as conversion pending and polls the memo until it is ready', async () => {
    signIn();
    let answers = 0;
    const calls = mockApi((url) => {
      if (url === '/api/memo/8') {
        answers += 1;
        return json(200, answers >= 2 ? ready : processing);
      }
      return undefined;
    });
    const { queryClient } = await renderWidget(<Host />);
    expect(await screen.findByTestId('video-pending')).toHaveTextContent('Conversion pending');
    // first check after 1 s (the polling helper, docs/RULES.md, Limits), then the video is ready
    await waitForElementToBeRemoved(() => screen.queryByTestId('video-pending'), {
      timeout: 5000,
    });
    expect(screen.getByRole('link', { name: 'Video 1 of 1' })).toHaveAttribute(
      'href',
      '/memo/8/gallery/41',
    );
    expect(calls.filter((call) => call.url === '/api/memo/8')).toHaveLength(2);
    expect(queryClient.getQueryData(memoKeys.detail(8))).toMatchObject({
      memo_videos: [{ status: 'ready' }],
    });
  });

  it('lists documents with a download each, hiding replaced and deleted ones', async () => {
    signIn();
    mockApi((url) => (url === '/api/memo/8' ? json(200, ready) : undefined));
    await renderWidget(<Host />);
    const downloads = await screen.findAllByTestId('document-download');
    expect(downloads.map((link) => link.textContent)).toEqual(['report-v2.pdf']);
    expect(screen.getByRole('button', { name: 'Download report-v2.pdf' })).toBeInTheDocument();
  });

  it('loads the pictures lazily, except on the first screen where they load at once and first', async () => {
    mockApi(() => undefined);
    const memo = memoFixture({
      id: 9,
      memo_photos: [attachmentFixture({ id: 61 }), attachmentFixture({ id: 62 })],
    });
    // the photos have no description: presentational images, found through their tiles
    const images = () =>
      screen.getAllByTestId('media-tile').map((tile) => tile.querySelector('img'));
    const view = await renderWidget(<MemoAttachments memo={memo} compact />);
    expect(images()).toHaveLength(2);
    for (const image of images()) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
    view.unmount();
    await renderWidget(<MemoAttachments memo={memo} compact eager />);
    expect(images()).toHaveLength(2);
    for (const image of images()) {
      expect(image).not.toHaveAttribute('loading');
      expect(image).toHaveAttribute('fetchpriority', 'high');
    }
  });
});
