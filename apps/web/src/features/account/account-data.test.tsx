import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { policyBlocks } from './privacy-policy-page';

afterEach(() => vi.unstubAllGlobals());

const SESSIONS = [
  {
    id: 1,
    browser: 'Firefox',
    system: 'Windows',
    ip: '203.0.113.7',
    created_at: '2026-11-01T10:00:00+00:00',
    last_used_at: '2026-11-27T10:00:00+00:00',
    current: true,
    delegated: false,
  },
  {
    id: 2,
    browser: null,
    system: null,
    ip: null,
    created_at: '2026-11-02T10:00:00+00:00',
    last_used_at: null,
    current: false,
    delegated: false,
  },
];

function settingsApi(extra: (url: string, init: RequestInit) => Response | undefined) {
  return mockApi((url, init) => {
    if (url === '/api/profile') return json(200, testUser());
    if (url === '/api/lock-code-exist') return json(200, { exists: false });
    if (url === '/api/user/export' && (init.method ?? 'GET') === 'GET') {
      return json(200, { export: null });
    }
    if (url === '/api/user/sessions') return json(200, SESSIONS);
    return extra(url, init);
  });
}

/** The settings page is many lazy sections: its first render is slow on a busy machine. */
const findSection = (testId: string) => screen.findByTestId(testId, {}, { timeout: 30_000 });
const SLOW = 60_000;

describe('account settings: the account’s own sections', () => {
  it(
    'asks for an e-mail change and shows the server’s violation on the password',
    async () => {
      signIn();
      let wrong = true;
      const calls = settingsApi((url) => {
        if (url !== '/api/user/email-change') return undefined;
        if (wrong) {
          wrong = false;
          return json(422, {
            violations: [
              {
                propertyPath: 'password',
                message: 'The password is not correct.',
                code: 'validation.passwordWrong',
              },
            ],
          });
        }
        return json(202, { status: 'We sent a confirmation link to the new address.' });
      });
      await renderApp('/account-settings');
      const section = await findSection('email-section');
      expect(within(section).getByTestId('email-current')).toHaveTextContent(
        'You sign in with ada@example.com.',
      );
      const user = userEvent.setup();
      await user.type(within(section).getByLabelText(/New email address/), 'new@example.com');
      await user.type(within(section).getByLabelText(/Your password/), 'nope');
      await user.click(within(section).getByRole('button', { name: 'Send the confirmation link' }));
      expect(await within(section).findByText('The password is not correct.')).toBeInTheDocument();
      await user.clear(within(section).getByLabelText(/Your password/));
      await user.type(within(section).getByLabelText(/Your password/), 'right');
      await user.click(within(section).getByRole('button', { name: 'Send the confirmation link' }));
      expect(await within(section).findByTestId('email-sent')).toHaveTextContent(
        'We sent a confirmation link to the new address.',
      );
      expect(calls.filter((c) => c.url === '/api/user/email-change').at(-1)?.body).toEqual({
        usermail: 'new@example.com',
        password: 'right',
      });
    },
    SLOW,
  );

  it(
    'opened at #data-export (the export-ready notification) brings the export section into view',
    async () => {
      signIn();
      const scrolled: Element[] = [];
      const scroll = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = scroll;
      try {
        settingsApi(() => undefined);
        await renderApp('/account-settings#data-export');
        const section = await findSection('export-section');
        expect(section).toHaveAttribute('id', 'data-export');
        await waitFor(() => expect(scrolled).toContain(section));
      } finally {
        Element.prototype.scrollIntoView = original;
      }
    },
    SLOW,
  );

  it(
    'lists sessions, marks this device and signs another one out by its named button',
    async () => {
      signIn();
      const calls = settingsApi((url, init) =>
        url === '/api/user/sessions/2' && init.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : undefined,
      );
      await renderApp('/account-settings');
      const section = await findSection('sessions-section');
      const items = await within(section).findAllByTestId('session-item');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Firefox on Windows');
      expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
      expect(items[1]).toHaveTextContent('Unknown device');
      const user = userEvent.setup();
      await user.click(within(section).getByRole('button', { name: 'Sign out Unknown device' }));
      await waitFor(() =>
        expect(calls.some((c) => c.url === '/api/user/sessions/2' && c.method === 'DELETE')).toBe(
          true,
        ),
      );
    },
    SLOW,
  );

  it(
    'does not delete without a reason, and asks for a confirmation first',
    async () => {
      signIn();
      const calls = settingsApi(() => undefined);
      await renderApp('/account-settings');
      const section = await findSection('delete-section');
      const user = userEvent.setup();
      await user.type(within(section).getByLabelText(/Your password/), 'secret');
      await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
      expect(await within(section).findByText('Please give a reason')).toBeInTheDocument();
      await user.type(within(section).getByLabelText(/Why are you leaving/), 'Bye');
      await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(calls.some((c) => c.url === '/api/user/account/delete')).toBe(false);
    },
    SLOW,
  );
});

describe('policyBlocks', () => {
  it('reads headings and paragraphs, never markup', () => {
    expect(policyBlocks('# Title\n\nOne\nline.\n\n## Part\n<b>text</b>')).toEqual([
      { kind: 'h1', text: 'Title' },
      { kind: 'p', text: 'One line.' },
      { kind: 'h2', text: 'Part' },
      { kind: 'p', text: '<b>text</b>' },
    ]);
  });
});
