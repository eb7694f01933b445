import { Anchor, Badge, Button, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconNotes, IconPin } from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { PageLoader } from '../../ui/page-loader';
import { QueryErrorView } from '../../ui/query-error';
import { useCollectionMemos, type CollectionAccess } from './queries';

/** The text of a memo's rich description, for a short preview. */
export function plainText(html: string | null): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function memoPath(memo: Memo, access: CollectionAccess): string {
  return access.visitor ? `/p/memo/${memo.id}` : `/memo/${memo.id}`;
}

function MemoCard({ memo, access }: { memo: Memo; access: CollectionAccess }) {
  const { t } = useTranslation();
  const preview = plainText(memo.description);
  const todos = memo.memo_todos.filter((todo) => !todo.description.startsWith('##'));
  const closed = todos.filter((todo) => todo.closed).length;
  return (
    <Card withBorder padding="sm" role="listitem" data-testid={`collection-memo-${memo.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor
            component={Link}
            to={memoPath(memo, access)}
            fw={600}
            c="inherit"
            style={{ wordBreak: 'break-word' }}
          >
            {memo.title}
          </Anchor>
          {memo.sequence_number === 1 && (
            <Badge
              size="sm"
              variant="light"
              leftSection={<IconPin size={12} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              {t('collections.memos.pinned')}
            </Badge>
          )}
        </Group>
        {preview && (
          <Text size="sm" lineClamp={3}>
            {preview}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed">
            {memo.author.name} · {formatDate(memo.createdAt, currentLocale())}
          </Text>
          {todos.length > 0 && (
            <Group gap={4} wrap="nowrap">
              <IconChecklist size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('collections.memos.todos', { closed, count: todos.length })}
              </Text>
            </Group>
          )}
          {memo.memo_tags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline" radius="sm">
              #{tag}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The memos of a collection, 10 at a time with a "more" button. Stands in for the memo
 * list of features/memos until it lands.
 */
export function CollectionMemos({
  collectionId,
  access,
}: {
  collectionId: string;
  access: CollectionAccess;
}) {
  const { t } = useTranslation();
  const memos = useCollectionMemos(collectionId, access);

  if (memos.isPending) return <PageLoader />;
  if (memos.isError) {
    return <QueryErrorView error={memos.error} onRetry={() => void memos.refetch()} />;
  }
  const items = memos.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconNotes size={36} />}
        variant="light"
        title={t('collections.memos.emptyTitle')}
        description={t('collections.memos.emptyText')}
        py="xl"
        data-testid="collection-memos-empty"
      />
    );
  }
  return (
    <Stack gap="sm" data-testid="collection-memos">
      <Stack gap="sm" role="list">
        {items.map((memo) => (
          <MemoCard key={memo.id} memo={memo} access={access} />
        ))}
      </Stack>
      {memos.hasNextPage && (
        <Group justify="center">
          <Button
            variant="light"
            onClick={() => void memos.fetchNextPage()}
            loading={memos.isFetchingNextPage}
            data-testid="collection-memos-more"
          >
            {t('collections.memos.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
