import { ActionIcon, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import {
  closedToEnd,
  enterAt,
  focusDown,
  focusUp,
  headerText,
  inOrder,
  newTodo,
  newlineAt,
  pasteAt,
  removeAt,
  setClosed,
  setDescription,
  type TodoChange,
  type TodoDraft,
  type TodoFocus,
  type TodoRow,
} from './todo-list';

export interface TodoEditorProps {
  items: TodoDraft[];
  onChange?: (items: TodoDraft[]) => void;
  /** texts may be edited, items added and removed */
  editable: boolean;
  /** without editing, items may still be ticked (docs/DOMAIN.md, Validation) */
  canUpdate?: boolean;
  /** ticking outside the editor goes to the server (GET /api/memo/todo/{id}/change) */
  onToggle?: (item: TodoDraft, closed: boolean) => void;
}

/**
 * The checklist of a memo (docs/DOMAIN.md, States: "Todo item", Validation: "Todo-list editor").
 * Every key and paste rule lives in todo-list.ts; this component maps events onto it and moves the
 * caret.
 */
export function TodoEditor({
  items,
  onChange,
  editable,
  canUpdate = false,
  onToggle,
}: TodoEditorProps) {
  const { t } = useTranslation();
  const fields = useRef(new Map<string, HTMLTextAreaElement>());
  const pendingFocus = useRef<TodoFocus | null>(null);
  const latest = useRef(items);
  latest.current = items;

  // An editable list with no items starts with one empty item (mount only).
  useEffect(() => {
    if (editable && latest.current.length === 0) onChange?.([newTodo()]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  const focusAt = (focus: TodoFocus, list: TodoDraft[]) => {
    const key = list[focus.index]?.key;
    const field = key ? fields.current.get(key) : undefined;
    if (!field) return;
    field.focus();
    field.setSelectionRange(focus.position, focus.position);
  };

  // After a change that moved the caret, focus that item at that position.
  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    focusAt(focus, items);
  });

  const apply = (change: TodoChange) => {
    pendingFocus.current = change.focus;
    onChange?.(change.items);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const field = event.currentTarget;
    const { selectionStart: start, selectionEnd: end, value } = field;
    if (event.key === 'Enter') {
      event.preventDefault();
      apply(
        event.altKey || event.shiftKey
          ? newlineAt(items, index, start, end)
          : enterAt(items, index, start, end),
      );
    } else if (event.key === 'ArrowUp' && start === 0 && end === 0) {
      const focus = focusUp(items, index);
      if (focus) {
        event.preventDefault();
        focusAt(focus, items);
      }
    } else if (event.key === 'ArrowDown' && start === value.length && end === value.length) {
      const focus = focusDown(items, index);
      if (focus) {
        event.preventDefault();
        focusAt(focus, items);
      }
    } else if (event.key === 'Backspace' && value === '' && !event.repeat) {
      // A held key that has just emptied the text does not go on removing items.
      event.preventDefault();
      apply(removeAt(items, index));
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const change = pasteAt(
      items,
      index,
      field.selectionStart,
      field.selectionEnd,
      event.clipboardData.getData('text/plain'),
    );
    if (!change) return;
    event.preventDefault();
    apply(change);
  };

  const toggle = (item: TodoDraft, closed: boolean) => {
    if (editable) onChange?.(setClosed(items, item.key, closed));
    else onToggle?.(item, closed);
  };

  const rows: TodoRow[] = editable ? inOrder(items) : closedToEnd(items);
  let taskNumber = 0;
  let headerNumber = 0;

  return (
    <Stack gap={6} data-testid="todo-editor">
      {rows.length === 0 && !editable && (
        <Text size="sm" c="dimmed">
          {t('memos.todo.empty')}
        </Text>
      )}
      <Stack
        component="ul"
        gap={4}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('memos.todo.label')}
      >
        {rows.map((row) => {
          const { item, index } = row;
          const key = row.repeated ? `${item.key}-again` : item.key;
          if (row.header) headerNumber += row.repeated ? 0 : 1;
          else taskNumber += 1;
          const label = row.header
            ? t('memos.todo.header', { n: headerNumber })
            : t('memos.todo.item', { n: taskNumber });
          if (row.header && (!editable || row.repeated)) {
            return (
              <li key={key}>
                <Text
                  fw={700}
                  size="sm"
                  pt={6}
                  data-testid="todo-header"
                  aria-hidden={row.repeated}
                >
                  {headerText(item.description)}
                </Text>
              </li>
            );
          }
          return (
            <li key={key}>
              <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="todo-item">
                {row.header ? (
                  <span style={{ width: 20, flex: 'none' }} aria-hidden />
                ) : (
                  <Checkbox
                    mt={editable ? 8 : 2}
                    checked={item.closed}
                    disabled={!editable && !canUpdate}
                    onChange={(event) => toggle(item, event.currentTarget.checked)}
                    aria-label={t('memos.todo.done', { text: item.description || label })}
                    data-testid="todo-checkbox"
                  />
                )}
                {editable ? (
                  <Textarea
                    ref={(node) => {
                      if (node) fields.current.set(item.key, node);
                      else fields.current.delete(item.key);
                    }}
                    value={item.description}
                    onChange={(event) =>
                      onChange?.(setDescription(items, index, event.currentTarget.value))
                    }
                    onKeyDown={onKeyDown(index)}
                    onPaste={onPaste(index)}
                    placeholder={t('memos.todo.placeholder')}
                    aria-label={label}
                    autosize
                    minRows={1}
                    variant="unstyled"
                    style={{ flex: 1 }}
                    styles={{
                      input: {
                        fontWeight: row.header ? 700 : undefined,
                        textDecoration: item.closed && !row.header ? 'line-through' : undefined,
                        paddingInline: 4,
                      },
                    }}
                    data-testid="todo-input"
                  />
                ) : (
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text
                      size="sm"
                      td={item.closed ? 'line-through' : undefined}
                      c={item.closed ? 'dimmed' : undefined}
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {item.description}
                    </Text>
                    {item.closed && item.closed_by_user && (
                      <Text size="xs" c="dimmed">
                        {t('memos.todo.closedBy', { name: item.closed_by_user.name })}
                      </Text>
                    )}
                  </div>
                )}
                {editable && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    onClick={() => apply(removeAt(items, index))}
                    aria-label={t('memos.todo.remove', { n: index + 1 })}
                    data-testid="todo-remove"
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
      {editable && (
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              apply({ items: [...items, newTodo()], focus: { index: items.length, position: 0 } })
            }
            data-testid="todo-add"
          >
            {t('memos.todo.add')}
          </Button>
          <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
            {t('memos.todo.hint')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
