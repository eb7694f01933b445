import { ActionIcon, Avatar, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useReactionPeople } from './queries';
import { ReactionIcon } from './reaction-icon';

export interface WhoReactedPopupProps {
  memoId: number;
  /** the button was pressed before this chunk had loaded */
  initiallyOpened?: boolean;
  /** the button had the focus before this chunk had loaded */
  takeFocus?: boolean;
}

/**
 * The people behind a memo's reaction counts, in a popover (opened by click or keyboard). The
 * reactions bar loads it on the first hover, focus or press of its button (reactions-bar.tsx).
 */
export function WhoReactedPopup({
  memoId,
  initiallyOpened = false,
  takeFocus = false,
}: WhoReactedPopupProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const people = useReactionPeople(memoId, opened);

  // This button replaced the one the person pressed or focused: focus first, then open, so
  // that closing gives the focus back to it.
  useEffect(() => {
    if (takeFocus || initiallyOpened) trigger.current?.focus();
    if (initiallyOpened) setOpened(true);
  }, [initiallyOpened, takeFocus]);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          ref={trigger}
          variant="subtle"
          color="gray"
          aria-label={t('engagement.reactions.who')}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
          data-testid="reactions-who"
        >
          <IconUsers size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="reactions-people" maw={300}>
        <Text size="sm" fw={600} mb="xs">
          {t('engagement.reactions.who')}
        </Text>
        {people.isPending ? (
          <Loader size="sm" />
        ) : (
          <Stack gap={6}>
            {(people.data ?? []).map((reaction) => (
              <Group key={reaction.id} gap="xs" wrap="nowrap">
                <Avatar src={reaction.user.picture} size={24} radius="xl">
                  {reaction.user.label}
                </Avatar>
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {reaction.user.name}
                </Text>
                <ReactionIcon type={reaction.reaction_type} active />
              </Group>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
