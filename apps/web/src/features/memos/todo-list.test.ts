import { TODO_HEADER_PREFIX } from '@memoria/domain';
import { describe, expect, it } from 'vitest';
import { HEADER_PREFIX } from './todo-header';
import {
  closedToEnd,
  enterAt,
  focusDown,
  focusUp,
  fromServer,
  headerText,
  isHeader,
  newTodo,
  newlineAt,
  nonEmptyLines,
  pasteAt,
  progressOf,
  removeAt,
  toWrite,
  type TodoDraft,
} from './todo-list';

const list = (...descriptions: string[]): TodoDraft[] => descriptions.map((d) => newTodo(d));
const texts = (items: TodoDraft[]) => items.map((item) => item.description);

describe('todo list operations', () => {
  it('recognises ## headers', () => {
    expect(HEADER_PREFIX).toBe(TODO_HEADER_PREFIX);
    expect(isHeader('## Shopping')).toBe(true);
    expect(isHeader('  ##Shopping')).toBe(true);
    expect(isHeader('# Shopping')).toBe(false);
    expect(isHeader('buy ## later')).toBe(false);
    expect(headerText('##  Shopping ')).toBe('Shopping');
  });

  it('Enter at the start of a text inserts an empty item above and keeps the caret', () => {
    const change = enterAt(list('milk', 'bread'), 1, 0);
    expect(texts(change.items)).toEqual(['milk', '', 'bread']);
    expect(change.focus).toEqual({ index: 2, position: 0 });
  });

  it('Enter elsewhere splits the text at the caret into two items', () => {
    const items = list('buy milk', 'bread');
    const change = enterAt(items, 0, 3);
    expect(texts(change.items)).toEqual(['buy', ' milk', 'bread']);
    expect(change.items[0]?.key).toBe(items[0]?.key);
    expect(change.items[1]?.closed).toBe(false);
    expect(change.focus).toEqual({ index: 1, position: 0 });
  });

  it('Enter at the end makes an empty item below; a selection is replaced', () => {
    expect(texts(enterAt(list('milk'), 0, 4).items)).toEqual(['milk', '']);
    expect(texts(enterAt(list('buy fresh milk'), 0, 3, 9).items)).toEqual(['buy', ' milk']);
  });

  it('Enter in an empty item gives a second empty item with the caret in it', () => {
    const change = enterAt(list(''), 0, 0);
    expect(texts(change.items)).toEqual(['', '']);
    expect(change.focus).toEqual({ index: 1, position: 0 });
  });

  it('Alt+Enter puts a newline at the caret', () => {
    const change = newlineAt(list('line oneline two'), 0, 8);
    expect(texts(change.items)).toEqual(['line one\nline two']);
    expect(change.focus).toEqual({ index: 0, position: 9 });
  });

  it('paste of multi-line text makes one item per non-empty line', () => {
    const change = pasteAt(list('a', 'start end', 'z'), 1, 6, 6, 'one\n\n  two  \r\nthree\n');
    expect(change && texts(change.items)).toEqual(['a', 'start one', 'two', 'threeend', 'z']);
    expect(change?.focus).toEqual({ index: 3, position: 5 });
  });

  it('leaves single-line paste to the browser', () => {
    expect(pasteAt(list('a'), 0, 0, 0, 'just one line')).toBeNull();
    expect(pasteAt(list('a'), 0, 0, 0, '\n\nonly\n')).toBeNull();
    expect(nonEmptyLines('a\n \nb')).toEqual(['a', 'b']);
  });

  it('moves focus up and down between items', () => {
    const items = list('first', 'second');
    expect(focusUp(items, 1)).toEqual({ index: 0, position: 5 });
    expect(focusUp(items, 0)).toBeNull();
    expect(focusDown(items, 0)).toEqual({ index: 1, position: 0 });
    expect(focusDown(items, 1)).toBeNull();
  });

  it('deleting the last remaining item leaves an empty list', () => {
    expect(removeAt(list('only'), 0)).toEqual({ items: [], focus: null });
    const change = removeAt(list('a', 'bb', 'c'), 2);
    expect(texts(change.items)).toEqual(['a', 'bb']);
    expect(change.focus).toEqual({ index: 1, position: 2 });
  });

  it('drops items without a description on save and numbers the rest', () => {
    const items: TodoDraft[] = [
      { key: 'todo-4', id: 4, description: 'kept', closed: true },
      newTodo('   '),
      newTodo('## Group', true),
      newTodo('new'),
    ];
    expect(toWrite(items)).toEqual([
      { id: 4, description: 'kept', closed: true, sequence_number: 0 },
      { description: '## Group', closed: false, sequence_number: 1 },
      { description: 'new', closed: false, sequence_number: 2 },
    ]);
  });

  it('reads the server order by sequence_number', () => {
    const items = fromServer([
      { id: 2, description: 'b', closed: false, closed_by_user: null, sequence_number: 1 },
      { id: 1, description: 'a', closed: true, closed_by_user: null, sequence_number: 0 },
    ]);
    expect(items.map((item) => [item.id, item.description, item.closed])).toEqual([
      [1, 'a', true],
      [2, 'b', false],
    ]);
  });

  it('sorts closed items to the end with their group header repeated', () => {
    const items: TodoDraft[] = [
      newTodo('loose open'),
      newTodo('loose done', true),
      newTodo('## Fruit'),
      newTodo('apple', true),
      newTodo('pear'),
      newTodo('## Done group'),
      newTodo('bread', true),
      newTodo('## Empty group'),
      newTodo('## Veg'),
      newTodo('leek'),
    ];
    const rows = closedToEnd(items).map(
      (row) => `${row.repeated ? '(again) ' : ''}${row.item.description}`,
    );
    expect(rows).toEqual([
      'loose open',
      '## Fruit',
      'pear',
      '## Veg',
      'leek',
      'loose done',
      '(again) ## Fruit',
      'apple',
      '## Done group',
      'bread',
      '## Empty group',
    ]);
  });

  it('counts progress without headers', () => {
    expect(
      progressOf([
        { description: '## H', closed: false },
        { description: 'a', closed: true },
        { description: 'b', closed: false },
      ]),
    ).toEqual({ done: 1, total: 2 });
  });
});
