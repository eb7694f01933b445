import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { reportBody } from './queries';
import { ReportDialog } from './report-dialog';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });

describe('report dialog', () => {
  it('needs a reason and sends nothing without one', async () => {
    signIn();
    const calls = mockApi(() => undefined);
    await renderWidget(<ReportDialog target={{ type: 'memo', id: 12 }} onClose={() => {}} />);
    expect(await screen.findByText('Report this memo')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('report-reason'), '   ');
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('disables submit while sending and closes after success', async () => {
    signIn();
    let release: (response: Response) => void = () => {};
    const calls = mockApi((url) =>
      url === '/api/support/request'
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    const onClose = vi.fn();
    await renderWidget(
      <ReportDialog target={{ type: 'collection', id: 'AbCdEfGhIj' }} onClose={onClose} />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('report-reason'), ' Spam links ');
    await user.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(screen.getByTestId('report-submit')).toBeDisabled());
    await user.click(screen.getByTestId('report-submit'));
    release(json(201, { id: 1 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.filter((call) => call.url === '/api/support/request');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      type: 'collection',
      reason: 'Spam links',
      link: `${window.location.origin}/collections/AbCdEfGhIj`,
      collection: '/api/collection/AbCdEfGhIj',
    });
  });

  it('stays open when the report fails', async () => {
    signIn();
    mockApi((url) => (url === '/api/support/request' ? json(500, {}) : undefined));
    const onClose = vi.fn();
    await renderWidget(<ReportDialog target={{ type: 'profile', id: 5 }} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('report-reason'), 'Impersonation');
    await user.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(screen.getByTestId('report-submit')).not.toBeDisabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('report-reason')).toHaveValue('Impersonation');
  });

  it('names the reported person as a user IRI', () => {
    expect(reportBody({ type: 'profile', id: 5 }, 'x', 'https://m.test')).toEqual({
      type: 'profile',
      reason: 'x',
      link: 'https://m.test/profile/5',
      user: '/api/user/5',
    });
  });
});
