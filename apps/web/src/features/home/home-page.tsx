import { Button, CloseButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { TIMINGS, ruleAllows } from '@memoria/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useProfile } from '../profile/queries';
import { usePageTitle } from '../../ui/use-page-title';
import { DropArea } from '../memos/drop-area';
import { openMemoEditor, preloadMemoEditor } from '../memos/memo-editor-launcher';
import { DefaultEmpty, MemoList } from '../memos/memo-list';
import { pageWidth } from '../../ui/page-width';

/**
 * Home ("/"): the signed-in user's own memos, newest first, with a search (also reached by
 * hashtag links, /?search=tag), a button for a new memo and the drop area.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useProfile().data;
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  usePageTitle(t('memos.home.title'));

  // A hashtag link (or back/forward) changes the query: the field follows.
  useEffect(() => setTyped(search), [search]);

  const applySearch = useDebouncedCallback((value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set('search', value.trim());
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, TIMINGS.searchDebounceMs);

  const clear = () => {
    setTyped('');
    applySearch('');
    applySearch.flush();
  };

  return (
    <Stack gap="lg" data-testid="home-page" {...pageWidth('content')}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('memos.home.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => openMemoEditor()}
          onPointerEnter={preloadMemoEditor}
          onFocus={preloadMemoEditor}
          // a delegate without the memos right (docs/RULES.md, Delegated rights)
          disabled={!ruleAllows(user?.rules, 'memos')}
          data-testid="memo-create"
        >
          {t('memos.home.create')}
        </Button>
      </Group>
      <TextInput
        type="search"
        aria-label={t('memos.home.searchLabel')}
        placeholder={t('memos.home.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applySearch.flush();
        }}
        rightSection={
          typed ? (
            <CloseButton size="sm" aria-label={t('memos.home.clearSearch')} onClick={clear} />
          ) : null
        }
        data-testid="memo-search"
      />
      {user && (
        <MemoList
          source={{ kind: 'user', userId: user.id, search }}
          empty={
            search ? (
              <DefaultEmpty title={t('memos.home.noResults', { search })} />
            ) : (
              <DefaultEmpty title={t('memos.home.emptyTitle')} text={t('memos.home.emptyText')} />
            )
          }
        />
      )}
      {user && <DropArea />}
    </Stack>
  );
}
