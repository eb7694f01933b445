import type { MemoTodo, UserSummary } from '@memoria/domain';
import { headerText, isHeader, progressOf } from './todo-header';

export { headerText, isHeader, progressOf };

/**
 * The todo list of a memo as pure operations (docs/DOMAIN.md, States: "Todo item", Validation:
 * "Todo-list editor"). The editor component only maps keys and clipboard events onto these.
 */
export interface TodoDraft {
  /** stable React key; saved todos keep their id beside it */
  key: string;
  id?: number;
  description: string;
  closed: boolean;
  closed_by_user?: UserSummary | null;
}

/** Where the caret goes after an operation: item index and text offset. */
export interface TodoFocus {
  index: number;
  position: number;
}

export interface TodoChange {
  items: TodoDraft[];
  focus: TodoFocus | null;
}

let counter = 0;
export function newTodo(description = '', closed = false): TodoDraft {
  counter += 1;
  return { key: `new-${counter}`, description, closed };
}

export function fromServer(todos: MemoTodo[]): TodoDraft[] {
  return [...todos]
    .sort((a, b) => a.sequence_number - b.sequence_number)
    .map((todo) => ({
      key: `todo-${todo.id}`,
      id: todo.id,
      description: todo.description,
      closed: todo.closed,
      closed_by_user: todo.closed_by_user,
    }));
}

/** Pasted text split into one entry per non-empty line. */
export function nonEmptyLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function replaceAt(items: TodoDraft[], index: number, item: TodoDraft): TodoDraft[] {
  return items.map((current, i) => (i === index ? item : current));
}

/** Enter with the caret at the start of the text: an empty item above, the caret stays. */
export function insertAbove(items: TodoDraft[], index: number): TodoChange {
  const next = [...items.slice(0, index), newTodo(), ...items.slice(index)];
  return { items: next, focus: { index: index + 1, position: 0 } };
}

/**
 * Enter elsewhere: the text splits at the caret (a selection is removed first); the part
 * after it becomes a new open item below, which takes the caret.
 */
export function splitAt(
  items: TodoDraft[],
  index: number,
  selectionStart: number,
  selectionEnd = selectionStart,
): TodoChange {
  const item = items[index];
  if (!item) return { items, focus: null };
  const before = item.description.slice(0, selectionStart);
  const after = item.description.slice(selectionEnd);
  const next = [
    ...items.slice(0, index),
    { ...item, description: before },
    newTodo(after),
    ...items.slice(index + 1),
  ];
  return { items: next, focus: { index: index + 1, position: 0 } };
}

/** Enter: at the start of a non-empty text inserts above, otherwise splits. */
export function enterAt(
  items: TodoDraft[],
  index: number,
  selectionStart: number,
  selectionEnd = selectionStart,
): TodoChange {
  const item = items[index];
  if (item && selectionStart === 0 && selectionEnd === 0 && item.description !== '') {
    return insertAbove(items, index);
  }
  return splitAt(items, index, selectionStart, selectionEnd);
}

/** Alt+Enter: a newline inside the item at the caret. */
export function newlineAt(
  items: TodoDraft[],
  index: number,
  selectionStart: number,
  selectionEnd = selectionStart,
): TodoChange {
  const item = items[index];
  if (!item) return { items, focus: null };
  const description = `${item.description.slice(0, selectionStart)}\n${item.description.slice(selectionEnd)}`;
  return {
    items: replaceAt(items, index, { ...item, description }),
    focus: { index, position: selectionStart + 1 },
  };
}

/**
 * Paste of text with more than one non-empty line: the first line joins the item at the
 * caret (replacing the selection), every further line becomes an item of its own below,
 * and the text after the caret stays with the last line. Single-line text is not handled
 * here (returns null): the browser pastes it as usual.
 */
export function pasteAt(
  items: TodoDraft[],
  index: number,
  selectionStart: number,
  selectionEnd: number,
  text: string,
): TodoChange | null {
  const lines = nonEmptyLines(text);
  const item = items[index];
  if (!item || lines.length < 2) return null;
  const before = item.description.slice(0, selectionStart);
  const after = item.description.slice(selectionEnd);
  const last = lines[lines.length - 1] ?? '';
  const created = lines.slice(1).map((line) => newTodo(line));
  const lastIndex = created.length - 1;
  const lastItem = created[lastIndex];
  if (lastItem) created[lastIndex] = { ...lastItem, description: `${last}${after}` };
  const next = [
    ...items.slice(0, index),
    { ...item, description: `${before}${lines[0] ?? ''}` },
    ...created,
    ...items.slice(index + 1),
  ];
  return { items: next, focus: { index: index + created.length, position: last.length } };
}

/** Removes an item; removing the last remaining one leaves an empty list. */
export function removeAt(items: TodoDraft[], index: number): TodoChange {
  const next = items.filter((_, i) => i !== index);
  if (next.length === 0) return { items: next, focus: null };
  const target = Math.max(0, index - 1);
  return { items: next, focus: { index: target, position: next[target]?.description.length ?? 0 } };
}

export function setDescription(
  items: TodoDraft[],
  index: number,
  description: string,
): TodoDraft[] {
  const item = items[index];
  return item ? replaceAt(items, index, { ...item, description }) : items;
}

export function setClosed(items: TodoDraft[], key: string, closed: boolean): TodoDraft[] {
  return items.map((item) => (item.key === key ? { ...item, closed } : item));
}

/** ArrowUp at caret 0 goes to the previous item (caret at its end). */
export function focusUp(items: TodoDraft[], index: number): TodoFocus | null {
  const previous = items[index - 1];
  return previous ? { index: index - 1, position: previous.description.length } : null;
}

/** ArrowDown at the end of the text goes to the next item (caret at its start). */
export function focusDown(items: TodoDraft[], index: number): TodoFocus | null {
  return items[index + 1] ? { index: index + 1, position: 0 } : null;
}

/** What is sent on save: items without a description are dropped, the order numbered. */
export function toWrite(
  items: TodoDraft[],
): { id?: number; description: string; closed: boolean; sequence_number: number }[] {
  return items
    .filter((item) => item.description.trim() !== '')
    .map((item, index) => ({
      ...(item.id === undefined ? {} : { id: item.id }),
      description: item.description,
      closed: isHeader(item.description) ? false : item.closed,
      sequence_number: index,
    }));
}

/** One row of the displayed list: an item, or a header repeated before its closed items. */
export interface TodoRow {
  item: TodoDraft;
  /** index of the item in the stored list */
  index: number;
  header: boolean;
  repeated: boolean;
}

interface Group {
  header: { item: TodoDraft; index: number } | null;
  items: { item: TodoDraft; index: number }[];
}

function groupsOf(items: TodoDraft[]): Group[] {
  const groups: Group[] = [{ header: null, items: [] }];
  items.forEach((item, index) => {
    if (isHeader(item.description)) groups.push({ header: { item, index }, items: [] });
    else groups[groups.length - 1]?.items.push({ item, index });
  });
  return groups.filter((group) => group.header || group.items.length > 0);
}

/**
 * The display order with closed items at the end (docs/DOMAIN.md, States): groups with open items
 * first (header, then their open items), then groups without open items and the closed
 * items of every group, each behind its header, repeated when it was shown above.
 */
export function closedToEnd(items: TodoDraft[]): TodoRow[] {
  const open: TodoRow[] = [];
  const closed: TodoRow[] = [];
  for (const group of groupsOf(items)) {
    const openItems = group.items.filter(({ item }) => !item.closed);
    const closedItems = group.items.filter(({ item }) => item.closed);
    const shownAbove = openItems.length > 0;
    if (shownAbove) {
      if (group.header) open.push({ ...group.header, header: true, repeated: false });
      for (const entry of openItems) open.push({ ...entry, header: false, repeated: false });
    }
    if (!shownAbove || closedItems.length > 0) {
      if (group.header) closed.push({ ...group.header, header: true, repeated: shownAbove });
      for (const entry of closedItems) closed.push({ ...entry, header: false, repeated: false });
    }
  }
  return [...open, ...closed];
}

/** The list as stored, one row per item (editing keeps the order the user typed). */
export function inOrder(items: TodoDraft[]): TodoRow[] {
  return items.map((item, index) => ({
    item,
    index,
    header: isHeader(item.description),
    repeated: false,
  }));
}
