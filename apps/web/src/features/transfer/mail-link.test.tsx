import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWidget } from '../../test/render';
import { MailLink, parseRecipients } from './mail-link';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 8000 };
const LINK = 'https://memoria.test/transfer/d/abc#' + 'k'.repeat(43);

describe('mailing the link', { timeout: 30000 }, () => {
  it('reads addresses one per line or between commas, once each', () => {
    expect(parseRecipients(' a@x.org,b@y.org\n\na@x.org ; c@z.org ')).toEqual([
      'a@x.org',
      'b@y.org',
      'c@z.org',
    ]);
  });

  it('says the server sees the link before anything leaves, then sends it on request', async () => {
    const calls = mockApi((url, init) => {
      if (url === '/api/transfers/abc/mail' && init.method === 'POST') {
        return json(200, { sent: 2, recipients_left: 8 });
      }
      return undefined;
    });
    await renderWidget(<MailLink id="abc" link={LINK} hasPassword />);
    const notice = await screen.findByTestId('transfer-mail-notice', {}, SLOW);
    expect(notice).toHaveTextContent('our server, which then sees it once');
    expect(notice).toHaveTextContent('the link alone still opens nothing');
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Mail the link' });
    expect(send).toBeDisabled();
    await user.click(screen.getByLabelText(/^Recipients/));
    await user.paste('ada@example.org, bo@example.net');
    await user.click(screen.getByLabelText(/^Note in the e-mail/));
    await user.paste('The scans');
    // nothing has left the page yet
    expect(calls).toEqual([]);
    await user.click(send);
    expect(await screen.findByTestId('transfer-mailed', {}, SLOW)).toHaveTextContent(
      'Addresses mailed: 2. Still possible for this transfer: 8.',
    );
    expect(calls).toEqual([
      {
        url: '/api/transfers/abc/mail',
        method: 'POST',
        body: {
          link: LINK,
          recipients: ['ada@example.org', 'bo@example.net'],
          message: 'The scans',
        },
      },
    ]);
  });

  it('stops more than ten addresses before sending, and shows the server’s refusal', async () => {
    mockApi((url) =>
      url === '/api/transfers/abc/mail'
        ? json(429, {
            message: 'You can have links mailed to at most 20 addresses a day.',
            detail: 'You can have links mailed to at most 20 addresses a day.',
          })
        : undefined,
    );
    await renderWidget(<MailLink id="abc" link={LINK} hasPassword={false} />);
    const notice = await screen.findByTestId('transfer-mail-notice', {}, SLOW);
    expect(notice).toHaveTextContent('whoever reads the e-mail can open the files');
    const user = userEvent.setup();
    const field = screen.getByLabelText(/^Recipients/);
    // pasted: typing 11 addresses key by key is slow
    await user.click(field);
    await user.paste(Array.from({ length: 11 }, (_, i) => `p${i}@example.org`).join(','));
    expect(screen.getByText('At most 10 addresses per transfer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mail the link' })).toBeDisabled();
    await user.clear(field);
    await user.paste('one@example.org');
    await user.click(screen.getByRole('button', { name: 'Mail the link' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'at most 20 addresses a day',
    );
  });
});
