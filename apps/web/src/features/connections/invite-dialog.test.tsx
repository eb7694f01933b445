import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, renderWidget } from '../../test/render';
import { InviteDialog } from './invite-dialog';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });

const requests = (calls: { url: string; body: unknown }[]) =>
  calls.filter((call) => call.url === '/api/connection').map((call) => call.body);

describe('invite dialog', () => {
  it('sends one request per address, split by comma, semicolon and newline', async () => {
    signIn();
    const calls = mockApi((url) => (url === '/api/connection' ? json(201, {}) : undefined));
    const onClose = vi.fn();
    await renderWidget(<InviteDialog opened onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('invite-emails'));
    await user.paste('ann@example.com, bob@example.com;cy@example.com\nANN@example.com');
    expect(screen.getByText(/Addresses: 3/)).toBeInTheDocument();
    await user.type(screen.getByTestId('invite-message'), 'Hello!');
    await user.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests(calls)).toEqual([
      { user_to_email: 'ann@example.com', personal_message: 'Hello!' },
      { user_to_email: 'bob@example.com', personal_message: 'Hello!' },
      { user_to_email: 'cy@example.com', personal_message: 'Hello!' },
    ]);
  });

  it('names invalid entries and sends nothing', async () => {
    signIn();
    const calls = mockApi(() => undefined);
    await renderWidget(<InviteDialog opened onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('invite-emails'), 'ok@example.com; oops');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Not valid: oops')).toBeInTheDocument();
    await user.clear(screen.getByTestId('invite-emails'));
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Enter at least one email address')).toBeInTheDocument();
    expect(requests(calls)).toEqual([]);
  });

  it('makes the message mandatory when a receiver requires it, keeping only the failed address', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url !== '/api/connection') return undefined;
      const body = JSON.parse(String(init.body)) as {
        user_to_email: string;
        personal_message: string | null;
      };
      if (body.user_to_email === 'strict@example.com' && !body.personal_message) {
        return json(422, {
          violations: [{ propertyPath: 'personal_message', message: 'Please say who you are.' }],
        });
      }
      return json(201, {});
    });
    const onClose = vi.fn();
    await renderWidget(<InviteDialog opened onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('invite-emails'));
    await user.paste('easy@example.com, strict@example.com');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-failures')).toHaveTextContent(
      'strict@example.com: Please say who you are.',
    );
    expect(screen.getByTestId('invite-emails')).toHaveValue('strict@example.com');
    expect(screen.getByTestId('invite-message')).toBeRequired();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('invite-submit'));
    expect(
      await screen.findByText('This person only accepts requests with a personal message.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('invite-message'));
    await user.paste('Ada from the fair');
    await user.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests(calls)).toEqual([
      { user_to_email: 'easy@example.com', personal_message: null },
      { user_to_email: 'strict@example.com', personal_message: null },
      { user_to_email: 'strict@example.com', personal_message: 'Ada from the fair' },
    ]);
  });
});
