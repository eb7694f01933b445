import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEGABYTE } from '@memoria/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, renderWidget } from '../../test/render';
import { showError } from '../../ui/toasts';
import type * as Toasts from '../../ui/toasts';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './use-upload-queue';
import { FakeXhr, attachmentFixture } from './test-support';

vi.mock('../../ui/toasts', async (original) => ({
  ...(await original<typeof Toasts>()),
  showError: vi.fn(),
}));

const uploaded = vi.fn();

function Queue() {
  const queue = useUploadQueue({
    target: 'memo',
    allowed: ['photo', 'video', 'document'],
    onUploaded: uploaded,
  });
  return (
    <>
      <input
        type="file"
        multiple
        data-testid="picker"
        onChange={(event) => queue.add(Array.from(event.currentTarget.files ?? []))}
      />
      <UploadQueueList items={queue.items} onRetry={queue.retry} onCancel={queue.cancel} />
      <span data-testid="done">
        {queue.items
          .filter((item) => item.status === 'done')
          .map((item) => item.file.name)
          .join(',')}
      </span>
    </>
  );
}

const file = (name: string, size = 10) =>
  Object.defineProperty(new File(['x'], name), 'size', { value: size });

async function setup() {
  signIn();
  await renderWidget(<Queue />);
  return userEvent.setup();
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.mocked(showError).mockClear();
  uploaded.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload queue', { timeout: 20_000 }, () => {
  it('sends several files at once to the endpoint of their kind, with a progress bar each', async () => {
    const user = await setup();
    await user.upload(screen.getByTestId('picker'), [file('a.jpg'), file('b.mp4'), file('c.pdf')]);
    expect(FakeXhr.sent.map((xhr) => [xhr.method, xhr.url])).toEqual([
      ['POST', '/api/memo/photo'],
      ['POST', '/api/memo/video'],
      ['POST', '/api/memo/document'],
    ]);
    expect(FakeXhr.sent[0]!.headers.authorization).toBe('Bearer T');
    expect((FakeXhr.sent[0]!.body!.get('file') as File).name).toBe('a.jpg');
    expect(screen.getAllByTestId('upload-item')).toHaveLength(3);

    FakeXhr.sent[0]!.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading a.jpg' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    FakeXhr.sent[0]!.respond(201, attachmentFixture({ id: 31 }));
    await waitFor(() => expect(screen.getByTestId('done')).toHaveTextContent('a.jpg'));
    expect(uploaded).toHaveBeenCalledWith(
      expect.objectContaining({ id: 31 }),
      expect.objectContaining({ status: 'done' }),
    );
    // The finished file leaves the list of running uploads; the others stay.
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);
  });

  it('keeps a failure on the file with a toast that stays until closed, and retries it', async () => {
    const user = await setup();
    await user.upload(screen.getByTestId('picker'), [file('a.jpg')]);
    FakeXhr.sent[0]!.respond(500, {});
    const item = await screen.findByTestId('upload-item');
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'error'));
    expect(within(item).getByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(showError).toHaveBeenCalledTimes(1);
    // 0 = no automatic close (docs/DOMAIN.md, Validation; docs/RULES.md, Limits)
    expect(vi.mocked(showError).mock.calls[0]![1]).toBe(0);
    expect(vi.mocked(showError).mock.calls[0]![0]).toContain('a.jpg');

    await user.click(screen.getByRole('button', { name: 'Retry upload of a.jpg' }));
    expect(FakeXhr.sent).toHaveLength(2);
    expect(screen.getByTestId('upload-item')).toHaveAttribute('data-status', 'uploading');
    FakeXhr.sent[1]!.respond(201, attachmentFixture({ id: 32 }));
    await waitFor(() => expect(screen.getByTestId('done')).toHaveTextContent('a.jpg'));
    expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument();
  });

  it('shows the quota message for 403 Storage limit exceeded', async () => {
    const user = await setup();
    await user.upload(screen.getByTestId('picker'), [file('a.jpg')]);
    FakeXhr.sent[0]!.respond(403, {
      status: 403,
      detail: 'Storage limit exceeded',
      message: 'Storage limit exceeded',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have exceeded your storage quota.',
    );
  });

  it('refuses a wrong type or a too large file before sending, without retry', async () => {
    const user = await setup();
    await user.upload(screen.getByTestId('picker'), [
      file('script.exe'),
      file('huge.mp4', 5121 * MEGABYTE),
    ]);
    expect(FakeXhr.sent).toHaveLength(0);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Wrong file type',
      'The file is too large. The maximum size is 5120 MB.',
    ]);
    expect(screen.queryByRole('button', { name: /Retry upload/ })).not.toBeInTheDocument();
    expect(showError).toHaveBeenCalledTimes(2);
    expect(vi.mocked(showError).mock.calls.every((call) => call[1] === 0)).toBe(true);
  });

  it('cancels a running upload', async () => {
    const user = await setup();
    await user.upload(screen.getByTestId('picker'), [file('a.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Cancel upload of a.jpg' }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument();
    expect(showError).not.toHaveBeenCalled();
  });
});
