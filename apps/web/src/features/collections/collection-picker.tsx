import {
  Button,
  Group,
  Input,
  Modal,
  Pill,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFolderPlus, IconSearch } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { PageLoader } from '../../ui/page-loader';
import { CollectionCard } from './collection-card';
import { CollectionDialog } from './collection-dialog';
import { filterByName } from './list-rules';
import { useMyCollections } from './queries';
import { useNarrowerThan } from '../../ui/viewport';

export interface CollectionPickerProps {
  /** chosen collection ids */
  value: string[];
  onChange: (ids: string[], collections: Collection[]) => void;
  /** one collection only (a new choice replaces the old) */
  single?: boolean;
  label?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /**
   * The chooser (a modal) opened or closed. A host inside a modal of its own should not close
   * on Escape while it is open: Mantine modals each listen to Escape on the window.
   */
  onOpenChange?: (open: boolean) => void;
  'data-testid'?: string;
}

/** Collections the viewer may save memos in: their own and collaborations. */
export function writableCollections(collections: Collection[]): Collection[] {
  return collections.filter(
    (collection) => collection.isOwner || collection.can_add_memos !== false,
  );
}

/** The next choice after a click on a collection. */
export function toggleChoice(value: string[], id: string, single: boolean): string[] {
  if (value.includes(id)) return value.filter((item) => item !== id);
  return single ? [id] : [...value, id];
}

function PickerModal({
  opened,
  onClose,
  value,
  onChange,
  single,
}: {
  opened: boolean;
  onClose: () => void;
  value: string[];
  onChange: (ids: string[]) => void;
  single: boolean;
}) {
  const { t } = useTranslation();
  const mobile = useNarrowerThan('xs');
  const list = useMyCollections();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const options = useMemo(() => writableCollections(list.data ?? []), [list.data]);
  const shown = filterByName(options, search);

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (options.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="md" data-testid="picker-none">
        {t('collections.picker.none')}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        role="group"
        aria-label={t('collections.picker.label')}
      >
        {shown.map((collection) => (
          <CollectionCard
            key={collection.id}
            collection={collection}
            selectable
            selected={value.includes(collection.id)}
            onToggle={(picked) => {
              onChange(toggleChoice(value, picked.id, single));
              if (single && !value.includes(picked.id)) onClose();
            }}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <Modal
        opened={opened && !creating}
        onClose={onClose}
        title={t('collections.picker.title')}
        size="lg"
        fullScreen={mobile}
        scrollAreaComponent={ScrollArea.Autosize}
        data-testid="collection-picker-modal"
      >
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              miw={200}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder={t('collections.list.search')}
              aria-label={t('collections.list.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              data-testid="picker-search"
            />
            <Button
              variant="light"
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              data-testid="picker-create"
            >
              {t('collections.picker.create')}
            </Button>
          </Group>
          {body}
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="picker-done">
              {t('collections.picker.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {creating && (
        <CollectionDialog
          opened
          onClose={() => setCreating(false)}
          onSaved={(collection) =>
            onChange(
              toggleChoice(
                value.filter((id) => id !== collection.id),
                collection.id,
                single,
              ),
            )
          }
        />
      )}
    </>
  );
}

/**
 * The save-in-collection picker for the memo editor: shows the chosen collections and opens
 * a chooser of the viewer's own and collaboration collections, with "create collection"
 * (the new collection is chosen at once).
 */
export function CollectionPicker({
  value,
  onChange,
  single = false,
  label,
  error,
  required,
  disabled,
  onOpenChange,
  'data-testid': testId = 'collection-picker',
}: CollectionPickerProps) {
  const { t } = useTranslation();
  const [opened, setOpenedState] = useState(false);
  const setOpened = (open: boolean) => {
    setOpenedState(open);
    onOpenChange?.(open);
  };
  const list = useMyCollections();
  const labelId = useId();
  const byId = useMemo(
    () => new Map((list.data ?? []).map((collection) => [collection.id, collection])),
    [list.data],
  );

  const change = (ids: string[]) =>
    onChange(
      ids,
      ids.map((id) => byId.get(id)).filter((item): item is Collection => item !== undefined),
    );

  return (
    <Input.Wrapper
      label={label ?? t('collections.picker.label')}
      error={error}
      required={required}
      id={labelId}
      data-testid={testId}
    >
      <Group gap="xs" wrap="wrap" mt={4}>
        {value.map((id) => (
          <Pill
            key={id}
            withRemoveButton={!disabled}
            onRemove={() => change(value.filter((item) => item !== id))}
            removeButtonProps={{
              'aria-label': t('collections.picker.remove', { name: byId.get(id)?.name ?? id }),
            }}
            data-testid={`picker-chosen-${id}`}
          >
            {byId.get(id)?.name ?? '…'}
          </Pill>
        ))}
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpened(true)}
          disabled={disabled}
          aria-describedby={labelId}
          data-testid={`${testId}-open`}
        >
          {value.length === 0 ? t('collections.picker.choose') : t('collections.picker.change')}
        </Button>
      </Group>
      {opened && (
        <PickerModal
          opened
          onClose={() => setOpened(false)}
          value={value}
          onChange={change}
          single={single}
        />
      )}
    </Input.Wrapper>
  );
}
