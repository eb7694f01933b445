import { screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render';
import { FIRST_ITEMS, InfiniteList, type InfiniteSource } from './infinite-list';

const source: InfiniteSource = {
  status: 'success',
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  isRefetchError: false,
  fetchNextPage: () => Promise.resolve(),
  refetch: () => Promise.resolve(),
};

/** What the document held when each item was first put on screen (its commit). */
const mounted: Array<{ item: number; items: number; end: boolean }> = [];

function Probe({ item }: { item: number }) {
  useLayoutEffect(() => {
    mounted.push({
      item,
      items: document.querySelectorAll('li').length,
      end: document.querySelector('[data-testid="list-over"]') !== null,
    });
  }, [item]);
  return <span data-testid="item">{item}</span>;
}

describe('infinite list', () => {
  it('puts the first items on screen first, then the rest with the end of the list', async () => {
    mounted.length = 0;
    const items = Array.from({ length: 10 }, (_, i) => i + 1);
    await renderWidget(
      <InfiniteList<number>
        source={source}
        items={items}
        itemKey={(item) => item}
        renderItem={(item) => <Probe item={item} />}
        empty={null}
        label="Items"
        overText="That is all"
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('item')).toHaveLength(10));
    expect(screen.getByTestId('list-over')).toHaveTextContent('That is all');
    // the first commit: the first items alone, no end yet (it would move when the rest came)
    expect(mounted.slice(0, FIRST_ITEMS)).toEqual(
      items.slice(0, FIRST_ITEMS).map((item) => ({ item, items: FIRST_ITEMS, end: false })),
    );
    // the rest, in order, together with the end of the list
    expect(mounted.slice(FIRST_ITEMS)).toEqual(
      items.slice(FIRST_ITEMS).map((item) => ({ item, items: 10, end: true })),
    );
  });

  it('shows a short list whole at once', async () => {
    mounted.length = 0;
    await renderWidget(
      <InfiniteList<number>
        source={source}
        items={[1, 2]}
        itemKey={(item) => item}
        renderItem={(item) => <Probe item={item} />}
        empty={null}
        label="Items"
        overText="That is all"
      />,
    );
    expect(mounted).toEqual([
      { item: 1, items: 2, end: true },
      { item: 2, items: 2, end: true },
    ]);
  });
});
