import { Skeleton } from '@mantine/core';
import type { Memo } from '@memoria/domain';
import { Suspense, type ReactNode } from 'react';
import { MemoCardLazy } from '../memos/memo-card-lazy';
import { flatten } from '../memos/list-cache';
import { FIRST_ITEMS, InfiniteList } from '../../ui/infinite-list';
import { useFeed } from './queries';

const MemoCard = MemoCardLazy;

/** A page of feed memos as cards (shared by the feed and its search). */
export function FeedList({
  search,
  label,
  empty,
  overText,
  testId,
}: {
  search: string;
  label: string;
  empty: ReactNode;
  overText: string;
  testId: string;
}) {
  const query = useFeed(search);
  return (
    <InfiniteList<Memo>
      source={query}
      items={flatten(query.data)}
      itemKey={(memo) => memo.id}
      label={label}
      overText={overText}
      testId={testId}
      empty={empty}
      renderItem={(memo, index) => (
        <Suspense fallback={<Skeleton height={120} radius="md" />}>
          <MemoCard memo={memo} firstScreen={index < FIRST_ITEMS} />
        </Suspense>
      )}
    />
  );
}
