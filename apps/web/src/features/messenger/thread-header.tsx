import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBellOff, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { threadName } from './display';
import { ThreadAvatar } from './thread-avatar';
import { useTypingNames } from './typing';
import type { Thread } from './types';

/** The thread's name and picture, who is typing, the back link on phones, the members button. */
export function ThreadHeader({
  thread,
  myId,
  showBack,
  onMembers,
}: {
  thread: Thread;
  myId: number;
  showBack: boolean;
  onMembers: () => void;
}) {
  const { t } = useTranslation();
  const typing = useTypingNames(thread.id);
  const typingText =
    typing.length === 0
      ? null
      : typing.length === 1
        ? t('messenger.thread.typing', { name: typing[0] })
        : t('messenger.thread.typingSeveral');
  return (
    <Group
      p="xs"
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {showBack && (
        <ActionIcon
          component={Link}
          to="/messages"
          variant="subtle"
          size="lg"
          aria-label={t('messenger.thread.back')}
          data-testid="thread-back"
        >
          <IconArrowLeft size={20} aria-hidden />
        </ActionIcon>
      )}
      <ThreadAvatar thread={thread} myId={myId} size={36} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Title order={2} size="h5" lineClamp={1} data-testid="thread-title">
            {threadName(thread, myId)}
          </Title>
          {thread.muted && <IconBellOff size={14} aria-label={t('messenger.list.muted')} />}
        </Group>
        <Text
          size="xs"
          c="dimmed"
          aria-live="polite"
          data-testid="typing"
          style={{ minHeight: '1.2em' }}
        >
          {typingText}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={onMembers}
        aria-label={t('messenger.members.open')}
        data-testid="open-members"
      >
        <IconUsers size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
