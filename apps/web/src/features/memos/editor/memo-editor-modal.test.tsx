import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn, testUser, renderWidget } from '../../../test/render';
import { collectionFixture, memoFixture } from '../test-support';
import { MemoEditorModal } from './memo-editor-modal';

afterEach(() => vi.unstubAllGlobals());

const memo = memoFixture({
  id: 5,
  title: 'Groceries',
  memo_todos: [
    { id: 9, description: 'milk', closed: false, closed_by_user: null, sequence_number: 0 },
  ],
});

function api(put?: (body: unknown) => Response) {
  return mockApi((url, init) => {
    if (url === '/api/profile') return json(200, testUser());
    if (url.startsWith('/api/user/7/collection')) return json(200, [collectionFixture()]);
    if (url.startsWith('/api/user/connection')) return json(200, []);
    if (url === '/api/memo/5' && init.method === 'PUT' && put) {
      return put(JSON.parse(String(init.body)));
    }
    return undefined;
  });
}

describe('memo editor', { timeout: 20_000 }, () => {
  it('asks for a title and a collection before saving', async () => {
    signIn();
    api();
    const onClose = vi.fn();
    await renderWidget(<MemoEditorModal request={{}} onClose={onClose} />);
    const user = userEvent.setup();
    const save = await screen.findByTestId('memo-save');
    expect(save).toBeDisabled();
    await user.type(screen.getByTestId('memo-tags'), 'idea,');
    await user.click(save);
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Collection is required')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('counts the title and refuses more than 250 characters', async () => {
    signIn();
    const calls = api(() => json(200, memo));
    await renderWidget(<MemoEditorModal request={{ memo }} onClose={() => {}} />);
    const title = await screen.findByTestId('memo-title');
    fireEvent.change(title, { target: { value: 'x'.repeat(251) } });
    expect(screen.getByText('251 / 250')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('memo-save'));
    expect(await screen.findByText('Title must be at most 250 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('puts server violations on their fields', async () => {
    signIn();
    api(() =>
      json(422, {
        '@type': 'ConstraintViolationList',
        status: 422,
        title: 'An error occurred',
        detail: 'title: taken',
        violations: [
          { propertyPath: 'title', message: 'This title is not allowed' },
          { propertyPath: 'memo_scheduled', message: 'The scheduled date should be in the future' },
          { propertyPath: 'memos_per_collection[0].collection', message: 'Choose one of yours' },
        ],
      }),
    );
    const onClose = vi.fn();
    await renderWidget(<MemoEditorModal request={{ memo }} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('memo-title'), ' list');
    await user.click(screen.getByTestId('memo-save'));
    expect(await screen.findByText('This title is not allowed')).toBeInTheDocument();
    expect(screen.getByTestId('memo-schedule-error')).toHaveTextContent(
      'The scheduled date should be in the future',
    );
    expect(screen.getByText('Choose one of yours')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // Changing the field clears its error.
    await user.type(screen.getByTestId('memo-title'), '!');
    expect(screen.queryByText('This title is not allowed')).toBeNull();
  });

  it('sends the memo with its collection, dropping empty todos', async () => {
    signIn();
    let sent: Record<string, unknown> | undefined;
    api((body) => {
      sent = body as Record<string, unknown>;
      return json(200, { ...memo, title: 'Groceries for Sunday' });
    });
    const onClose = vi.fn();
    await renderWidget(<MemoEditorModal request={{ memo }} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('memo-title'), ' for Sunday');
    const todo = screen.getAllByTestId('todo-input')[0] as HTMLTextAreaElement;
    todo.focus();
    todo.setSelectionRange(4, 4);
    await user.keyboard('{Enter}');
    await user.click(screen.getByTestId('memo-pin'));
    await user.click(screen.getByTestId('memo-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toMatchObject({
      title: 'Groceries for Sunday',
      memos_per_collection: [{ collection: '/api/collection/Coll000001', sequence_number: 1 }],
      memo_todos: [{ id: 9, description: 'milk', closed: false, sequence_number: 0 }],
      isScheduled: false,
      todo: true,
    });
  });
});

describe('memo editor leaving', { timeout: 20_000 }, () => {
  it('asks before closing with changes (Escape), and closes without asking otherwise', async () => {
    signIn();
    api();
    const onClose = vi.fn();
    await renderWidget(<MemoEditorModal request={{ memo }} onClose={onClose} />);
    const user = userEvent.setup();
    const title = await screen.findByTestId('memo-title');
    await user.type(title, '!');
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('unsaved-discard')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('unsaved-discard'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('memo editor schedule', { timeout: 20_000 }, () => {
  function silverApi(account: Record<string, unknown> = { rules: { silver: true } }) {
    return mockApi((url) => {
      if (url === '/api/profile') return json(200, { ...testUser(), ...account });
      if (url.startsWith('/api/user/7/collection')) return json(200, [collectionFixture()]);
      if (url.startsWith('/api/user/connection')) return json(200, []);
      return undefined;
    });
  }

  it('offers scheduling for a new memo with the silver rule, not for a published one', async () => {
    signIn();
    silverApi();
    await renderWidget(<MemoEditorModal request={{}} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('memo-date-add'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Schedule' })).toBeEnabled());
  });

  // A workspace account is Silver by its type: the editor must not wait for the flag.
  // Each row: the account, and whether scheduling is enabled for it.
  it.each([
    [
      'a workspace account',
      { user_type: 'workspace', workspace_type: 'workspace', rules: {} },
      true,
    ],
    ['a group account', { user_type: 'workspace', workspace_type: 'group', rules: {} }, true],
    ['a professional account', { user_has_professional_subscription: true, rules: {} }, true],
    ['a Bronze account', { user_has_extended_subscription: true, rules: { bronze: true } }, false],
    ['a free account', { rules: {} }, false],
  ])('scheduling for %s', async (_name, account, enabled) => {
    signIn();
    const calls = silverApi(account);
    await renderWidget(<MemoEditorModal request={{}} onClose={() => {}} />);
    // the collections are asked for with the profile's id: the profile has arrived
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/user/7/collection'))).toBe(true),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('memo-date-add'));
    const radio = await screen.findByRole('radio', { name: 'Schedule' });
    if (enabled) {
      await waitFor(() => expect(radio).toBeEnabled());
    } else {
      expect(radio).toBeDisabled();
      // the subscription prompt names the plan that unlocks scheduling
      expect(screen.getByTestId('subscription-required')).toHaveAttribute(
        'data-gate',
        'scheduling',
      );
    }
  });

  it('explains that a published memo cannot be scheduled', async () => {
    signIn();
    silverApi();
    await renderWidget(<MemoEditorModal request={{ memo }} onClose={() => {}} />);
    const user = userEvent.setup();
    await screen.findByTestId('memo-title');
    await waitFor(() => expect(screen.getByTestId('memo-date-add')).toBeInTheDocument());
    await user.click(screen.getByTestId('memo-date-add'));
    expect(await screen.findByTestId('date-kind-hint')).toHaveTextContent(
      'A published memo cannot be scheduled any more.',
    );
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeDisabled();
  });
});
