import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Memo } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { memoFixture } from './test-support';

afterEach(() => vi.unstubAllGlobals());

function memoServer(memo: Memo) {
  return mockApi((url) => {
    if (url === '/api/profile') return json(200, testUser());
    if (url === `/api/memo/${memo.id}`) return json(200, memo);
    const todo = /^\/api\/memo\/todo\/(\d+)\/change$/.exec(url);
    if (todo) return json(200, { id: Number(todo[1]), closed: true });
    return undefined;
  });
}

describe('the memo page', () => {
  it("shows a memo's checklist, loaded with the memo, and ticks an item", async () => {
    signIn();
    const memo = memoFixture({
      id: 5,
      title: 'Groceries',
      can_edit: true,
      memo_todos: [
        { id: 9, description: 'milk', closed: false, closed_by_user: null, sequence_number: 0 },
        { id: 10, description: 'bread', closed: true, closed_by_user: null, sequence_number: 1 },
      ],
    });
    const calls = memoServer(memo);
    await renderApp('/memo/5');
    const editor = await screen.findByTestId('todo-editor');
    // the title and the checklist are on screen together (the page waited for the editor)
    expect(screen.getByRole('heading', { name: 'Groceries' })).toBeInTheDocument();
    const boxes = await screen.findAllByTestId('todo-checkbox');
    expect(boxes).toHaveLength(2);
    expect(editor.textContent).toContain('milk');
    await userEvent.setup().click(boxes[0]!);
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/memo/todo/9/change')).toBe(true),
    );
    await waitFor(() => expect(boxes[0]).toBeChecked());
  });

  it('a memo without todos shows no checklist', async () => {
    signIn();
    memoServer(memoFixture({ id: 6, title: 'Just words', memo_todos: [] }));
    await renderApp('/memo/6');
    expect(await screen.findByRole('heading', { name: 'Just words' })).toBeInTheDocument();
    expect(screen.queryByTestId('todo-editor')).toBeNull();
  });
});
