import { describe, expect, it } from 'vitest';
import {
  flatten,
  insertMemo,
  loadedCount,
  nextOffset,
  nextPosition,
  removeMemo,
  replaceMemo,
  type MemoPages,
} from './list-cache';
import { memoFixture } from './test-support';

function pages(...sizes: number[]): MemoPages {
  let id = 100;
  let offset = 0;
  const total = sizes.reduce((a, b) => a + b, 0) + 5;
  return {
    pageParams: sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0)),
    pages: sizes.map((size) => {
      const page = {
        items: Array.from({ length: size }, () => memoFixture({ id: (id -= 1) })),
        total,
        offset,
      };
      offset += size;
      return page;
    }),
  };
}

describe('memo list offsets', () => {
  it('pages the feed and discover from the last memo held, with its offset', () => {
    expect(nextPosition([])).toEqual({ offset: 0 });
    const data = pages(10, 10);
    expect(nextPosition(data.pages)).toEqual({ offset: 20, after: 80 });
    // the last memo removed here: the one before it is the last held, the offset moves too
    const removed = removeMemo(data, 80)!;
    expect(nextPosition(removed.pages)).toEqual({ offset: 19, after: 81 });
    // a page emptied by removals: the last memo of the pages before it
    const emptied = {
      ...data,
      pages: data.pages.map((page, i) => (i === 1 ? { ...page, items: [] } : page)),
    };
    expect(nextPosition(emptied.pages)).toBeUndefined();
    const over = { ...data, pages: data.pages.map((p) => ({ ...p, total: 20 })) };
    expect(nextPosition(over.pages)).toBeUndefined();
  });

  it('asks for the next page after the memos held, until the total is reached', () => {
    expect(nextOffset([])).toBe(0);
    const data = pages(10, 10);
    expect(nextOffset(data.pages)).toBe(20);
    const full = { ...data, pages: data.pages.map((p) => ({ ...p, total: 20 })) };
    expect(nextOffset(full.pages)).toBeUndefined();
    const empty = { items: [], total: 30, offset: 20 };
    expect(nextOffset([...data.pages, empty])).toBeUndefined();
  });

  it('moves the offset up by one when a memo is created', () => {
    const data = pages(10);
    const created = insertMemo(data, memoFixture({ id: 500, title: 'new' }));
    expect(flatten(created)[0]?.id).toBe(500);
    expect(loadedCount(created!.pages)).toBe(11);
    expect(nextOffset(created!.pages)).toBe(11);
    expect(created!.pages[0]!.total).toBe(16);
  });

  it('moves the offset down by one when a memo is deleted', () => {
    const data = pages(10, 10);
    const target = data.pages[1]!.items[3]!.id;
    const removed = removeMemo(data, target);
    expect(flatten(removed).some((memo) => memo.id === target)).toBe(false);
    expect(nextOffset(removed!.pages)).toBe(19);
    expect(removed!.pages[1]!.total).toBe(24);
    expect(removeMemo(data, 9999)).toBe(data);
  });

  it('puts a new memo of a collection below the pinned ones', () => {
    const data: MemoPages = {
      pageParams: [0],
      pages: [
        {
          items: [
            memoFixture({ id: 1, sequence_number: 1 }),
            memoFixture({ id: 2, sequence_number: 0 }),
          ],
          total: 2,
          offset: 0,
        },
      ],
    };
    const created = insertMemo(data, memoFixture({ id: 3 }), 'afterPinned');
    expect(flatten(created).map((memo) => memo.id)).toEqual([1, 3, 2]);
  });

  it('replaces an edited memo and does not add one twice', () => {
    const data = pages(3);
    const first = data.pages[0]!.items[0]!;
    const edited = replaceMemo(data, { ...first, title: 'edited' });
    expect(flatten(edited)[0]?.title).toBe('edited');
    const again = insertMemo(data, { ...first, title: 'again' });
    expect(loadedCount(again!.pages)).toBe(3);
    expect(flatten(again)[0]?.title).toBe('again');
  });
});
