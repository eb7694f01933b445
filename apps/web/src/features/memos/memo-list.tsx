import { Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { FIRST_ITEMS, InfiniteList } from '../../ui/infinite-list';
import { flatten } from './list-cache';
import { MemoCardLazy } from './memo-card-lazy';
import { MemoEditorHost } from './memo-editor-launcher';
import { useMemoList, type MemoListSource } from './queries';

export type { MemoListSource } from './queries';

// The card loads with the first page that has memos (memo-card-lazy.tsx), so an empty list
// does not fetch it.
const MemoCard = MemoCardLazy;

export interface MemoListProps {
  /** a user's memos or a collection's, public or not (see MemoListSource) */
  source: MemoListSource;
  /** what an empty list shows; a default text otherwise */
  empty?: ReactNode;
}

export function DefaultEmpty({ title, text }: { title: string; text?: string }) {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" data-testid="memo-list-empty">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <IconNotes size={40} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      {text && (
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A memo list, 10 at a time by offset, loading on (debounced) scroll and by a "more" button,
 * with pull-to-refresh on touch screens. Used by home (a user's own memos) and by the
 * collection page (a collection's memos, public or not).
 */
export function MemoList({ source, empty }: MemoListProps) {
  const { t } = useTranslation();
  const query = useMemoList(source);
  const items = flatten(query.data);
  const collectionId = source.kind === 'collection' ? source.collectionId : undefined;

  return (
    <>
      <InfiniteList<Memo>
        source={query}
        items={items}
        itemKey={(memo) => memo.id}
        label={t('memos.list.label')}
        overText={t('memos.list.over')}
        testId="memo-list"
        empty={empty ?? <DefaultEmpty title={t('memos.home.emptyTitle')} />}
        renderItem={(memo, index) => (
          <Suspense fallback={<Skeleton height={120} radius="md" />}>
            <MemoCard
              memo={memo}
              isPublic={source.isPublic}
              collectionId={collectionId}
              firstScreen={index < FIRST_ITEMS}
            />
          </Suspense>
        )}
      />
      {!source.isPublic && <MemoEditorHost />}
    </>
  );
}
