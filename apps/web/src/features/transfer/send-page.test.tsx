import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWidget, signIn } from '../../test/render';
import { collection, me, person } from '../collections/test-support';
import { TransferPage } from './send-page';

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout: the select's list scrolls its option into view
Element.prototype.scrollIntoView = () => undefined;

const SLOW = { timeout: 8000 };

describe('sending a transfer into a collection', { timeout: 30000 }, () => {
  it('offers the marked collection first, warns it is not end-to-end encrypted, and sends names', async () => {
    signIn();
    const inbox = collection({ id: 'Inbox00001', name: 'Inbox', transfer_collection: true });
    const travel = collection({ id: 'Travel0001', name: 'Travel' });
    const readOnly = collection({
      id: 'ReadOnly01',
      name: 'Just reading',
      author: person(8, 'Bo Berg'),
      isOwner: false,
      can_add_memos: false,
    });
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return me();
      if (url.startsWith('/api/user/7/collection')) return json(200, [travel, inbox, readOnly]);
      if (url.startsWith('/api/user/transfers')) return json(200, []);
      if (url === '/api/transfers' && init.method === 'POST') {
        return json(403, { message: 'Your storage is full.', detail: 'Your storage is full.' });
      }
      return undefined;
    });
    await renderWidget(<TransferPage />, { path: '/file-transfer' });
    const select = await screen.findByTestId('transfer-destination', {}, SLOW);
    await waitFor(() => expect(select).toHaveValue('Inbox'));
    expect(screen.getByTestId('transfer-plain-warning')).toHaveTextContent(
      'Not end-to-end encrypted',
    );
    // a collection the person may only read is not offered; a link hides the warning
    const user = userEvent.setup();
    await user.click(select);
    expect(screen.queryByRole('option', { name: 'Just reading' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'A link (end-to-end encrypted)' }));
    expect(screen.queryByTestId('transfer-plain-warning')).toBeNull();
    expect(screen.getByLabelText('Password (optional)')).toBeInTheDocument();
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Travel' }));
    expect(screen.getByTestId('transfer-plain-warning')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password (optional)')).toBeNull();

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    await user.type(screen.getByLabelText('Memo title (optional)'), 'Scans');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your storage is full.', {}, SLOW)).toBeInTheDocument();
    const sent = calls.find((call) => call.url === '/api/transfers')?.body;
    expect(sent).toMatchObject({
      collection: 'Travel0001',
      title: 'Scans',
      files: [{ size: 5, name: 'hello.txt' }],
    });
    expect(sent).not.toHaveProperty('manifest');
  });
});
