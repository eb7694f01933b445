import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TodoEditor } from './todo-editor';
import { newTodo, type TodoDraft } from './todo-list';
import { renderWidget } from '../../test/render';

function Harness({
  initial,
  onItems,
  editable = true,
}: {
  initial: TodoDraft[];
  onItems?: (items: TodoDraft[]) => void;
  editable?: boolean;
}) {
  const [items, setItems] = useState(initial);
  return (
    <TodoEditor
      items={items}
      editable={editable}
      onChange={(next) => {
        setItems(next);
        onItems?.(next);
      }}
    />
  );
}

const inputs = () => screen.queryAllByTestId('todo-input') as HTMLTextAreaElement[];
const values = () => inputs().map((input) => input.value);

describe('todo editor', () => {
  it('adds one empty item on mount when the editable list is empty', async () => {
    await renderWidget(<Harness initial={[]} />);
    expect(values()).toEqual(['']);
  });

  it('Enter splits at the caret and Enter at the start inserts an item above', async () => {
    await renderWidget(<Harness initial={[newTodo('buy milk')]} />);
    const user = userEvent.setup();
    const first = inputs()[0]!;
    first.focus();
    first.setSelectionRange(3, 3);
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['buy', ' milk']);
    expect(document.activeElement).toBe(inputs()[1]);

    const second = inputs()[1]!;
    second.setSelectionRange(0, 0);
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['buy', '', ' milk']);
    expect(document.activeElement).toBe(inputs()[2]);
    expect(inputs()[2]!.selectionStart).toBe(0);
  });

  it('Alt+Enter puts a newline inside the item', async () => {
    await renderWidget(<Harness initial={[newTodo('ab')]} />);
    const user = userEvent.setup();
    const field = inputs()[0]!;
    field.focus();
    field.setSelectionRange(1, 1);
    await user.keyboard('{Alt>}{Enter}{/Alt}');
    expect(values()).toEqual(['a\nb']);
    expect(field.selectionStart).toBe(2);
  });

  it('moves focus with ArrowUp at position 0 and ArrowDown at the end only', async () => {
    await renderWidget(<Harness initial={[newTodo('one'), newTodo('two')]} />);
    const user = userEvent.setup();
    const [first, second] = inputs();
    second!.focus();
    second!.setSelectionRange(1, 1);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(second);
    second!.setSelectionRange(0, 0);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    expect(first!.selectionStart).toBe(3);
    first!.setSelectionRange(1, 1);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    first!.setSelectionRange(3, 3);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
  });

  it('pastes multi-line text as one item per non-empty line', async () => {
    await renderWidget(<Harness initial={[newTodo('')]} />);
    const user = userEvent.setup();
    inputs()[0]!.focus();
    await user.paste('eggs\n\nflour\r\n  sugar  \n');
    expect(values()).toEqual(['eggs', 'flour', 'sugar']);
    expect(document.activeElement).toBe(inputs()[2]);
    await user.paste(' and salt');
    expect(values()).toEqual(['eggs', 'flour', 'sugar and salt']);
  });

  it('shows ## lines as headers without a checkbox', async () => {
    await renderWidget(
      <Harness initial={[newTodo('## Shop'), newTodo('milk'), newTodo('bread', true)]} />,
    );
    expect(screen.getAllByTestId('todo-checkbox')).toHaveLength(2);
    await renderWidget(
      <Harness
        editable={false}
        initial={[newTodo('## Shop'), newTodo('milk', true), newTodo('bread')]}
      />,
    );
    const headers = screen.getAllByTestId('todo-header').map((node) => node.textContent);
    // Read-only: "milk" is closed, so it goes to the end behind a repeated header.
    expect(headers).toEqual(['Shop', 'Shop']);
  });

  it('removing the last item leaves an empty list; Backspace removes an empty item', async () => {
    const seen = vi.fn();
    await renderWidget(<Harness initial={[newTodo('a'), newTodo('')]} onItems={seen} />);
    const user = userEvent.setup();
    inputs()[1]!.focus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['a']);
    expect(document.activeElement).toBe(inputs()[0]);
    await user.click(screen.getByTestId('todo-remove'));
    expect(inputs()).toHaveLength(0);
    expect(seen).toHaveBeenLastCalledWith([]);
    await user.click(screen.getByTestId('todo-add'));
    await waitFor(() => expect(document.activeElement).toBe(inputs()[0]));
  });

  it('without editing, ticking is allowed only with canUpdate', async () => {
    const onToggle = vi.fn();
    const item = newTodo('call Bob');
    await renderWidget(
      <TodoEditor items={[item]} editable={false} canUpdate onToggle={onToggle} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Done: call Bob' }));
    expect(onToggle).toHaveBeenCalledWith(item, true);
    expect(screen.queryByTestId('todo-input')).toBeNull();

    await renderWidget(<TodoEditor items={[newTodo('read')]} editable={false} />);
    expect(screen.getByRole('checkbox', { name: 'Done: read' })).toBeDisabled();
  });
});
