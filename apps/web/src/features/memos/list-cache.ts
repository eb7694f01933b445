import type { InfiniteData } from '@tanstack/react-query';
import type { Memo } from '@memoria/domain';

/**
 * A memo list in TanStack Query's infinite cache, paged by offset (docs/DOMAIN.md, States:
 * "Offsets"): the next page starts after the memos held, so a memo created or deleted here moves
 * the offset by one and no memo is skipped or shown twice.
 */
export interface MemoPage {
  items: Memo[];
  /** hydra:totalItems as answered, kept right by inserts and removals */
  total: number;
  /** the offset this page was asked with */
  offset: number;
}

/** Page params are an offset, or a ListPosition for the lists that page from a memo. */
export type MemoPages = InfiniteData<MemoPage, unknown>;

export function loadedCount(pages: MemoPage[]): number {
  return pages.reduce((sum, page) => sum + page.items.length, 0);
}

/** The offset of the next page, or undefined when the list is over. */
export function nextOffset(pages: MemoPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 0;
  const loaded = loadedCount(pages);
  if (last.items.length === 0 || loaded >= last.total) return undefined;
  return loaded;
}

/**
 * Where the feed's and discover's next page starts: the offset, and the last memo held, which
 * the server finds in its index instead of counting the offset from the top (`after_memo`,
 * docs/API.md, Paging). The offset still counts the total, and answers if that memo is gone.
 */
export interface ListPosition {
  offset: number;
  after?: number;
}

export const FIRST_POSITION: ListPosition = { offset: 0 };

export function nextPosition(pages: MemoPage[]): ListPosition | undefined {
  const offset = nextOffset(pages);
  if (offset === undefined) return undefined;
  const last = pages.findLast((page) => page.items.length > 0)?.items.at(-1);
  return last ? { offset, after: last.id } : { offset };
}

function mapPages(data: MemoPages, map: (page: MemoPage, index: number) => MemoPage): MemoPages {
  return { ...data, pages: data.pages.map(map) };
}

/**
 * A new memo at the top of the list (or, in a collection, below the pinned ones). The
 * totals grow by one, so the next offset does too.
 */
export function insertMemo(
  data: MemoPages | undefined,
  memo: Memo,
  placement: 'top' | 'afterPinned' = 'top',
): MemoPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === memo.id))) {
    return replaceMemo(data, memo);
  }
  return mapPages(data, (page, index) => {
    if (index !== 0) return { ...page, total: page.total + 1 };
    const items = [...page.items];
    const at =
      placement === 'afterPinned' ? items.filter((item) => item.sequence_number === 1).length : 0;
    items.splice(at, 0, memo);
    return { ...page, items, total: page.total + 1 };
  });
}

/** A deleted memo leaves the list; the totals shrink by one. */
export function removeMemo(data: MemoPages | undefined, id: number): MemoPages | undefined {
  if (!data) return data;
  if (!data.pages.some((page) => page.items.some((item) => item.id === id))) return data;
  return mapPages(data, (page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== id),
    total: Math.max(0, page.total - 1),
  }));
}

/** An edited memo replaces its old copy where the list holds it. */
export function replaceMemo(data: MemoPages | undefined, memo: Memo): MemoPages | undefined {
  if (!data) return data;
  return mapPages(data, (page) => ({
    ...page,
    items: page.items.map((item) => (item.id === memo.id ? { ...memo } : item)),
  }));
}

export function updateMemo(
  data: MemoPages | undefined,
  id: number,
  update: (memo: Memo) => Memo,
): MemoPages | undefined {
  if (!data) return data;
  return mapPages(data, (page) => ({
    ...page,
    items: page.items.map((item) => (item.id === id ? update(item) : item)),
  }));
}

export function flatten(data: { pages: MemoPage[] } | undefined): Memo[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}
