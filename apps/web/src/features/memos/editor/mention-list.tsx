import { Avatar, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { UserSummary } from '@memoria/domain';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from '../../../i18n';

export interface MentionListHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export interface MentionListProps {
  items: UserSummary[];
  command: (item: { id: string; label: string }) => void;
  ref?: Ref<MentionListHandle>;
}

/** The @ suggestions: the viewer's connections whose name matches what was typed. */
export function MentionList({ items, command, ref }: MentionListProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [seen, setSeen] = useState(items);
  if (seen !== items) {
    setSeen(items);
    setActive(0);
  }

  const choose = (index: number) => {
    const user = items[index];
    if (user) command({ id: String(user.id), label: user.name });
  };

  useImperativeHandle(ref, () => ({
    onKeyDown: (event) => {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown') {
        setActive((i) => (i + 1) % items.length);
        return true;
      }
      if (event.key === 'ArrowUp') {
        setActive((i) => (i - 1 + items.length) % items.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        choose(active);
        return true;
      }
      return false;
    },
  }));

  return (
    <Paper shadow="md" withBorder p={4} miw={220} role="listbox" data-testid="mention-list">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          {t('memos.editor.mentionEmpty')}
        </Text>
      ) : (
        items.map((user, index) => (
          <UnstyledButton
            key={user.id}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            px="xs"
            py={6}
            w="100%"
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              background: index === active ? 'var(--mantine-color-default-hover)' : undefined,
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar src={user.picture} size={24} radius="xl">
                {user.label}
              </Avatar>
              <Text size="sm" truncate>
                {user.name}
              </Text>
            </Group>
          </UnstyledButton>
        ))
      )}
    </Paper>
  );
}
