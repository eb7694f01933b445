import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { isEmptyMessageText } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { RelativeTimeLabel } from '../../ui/relative-time-label';
import { threadName } from './display';
import { ThreadAvatar } from './thread-avatar';
import { messageText, type Thread } from './types';
import classes from './messenger.module.css';

/** One conversation in the list: picture, name, last message, time, unread badge, muted. */
export function ThreadRow({
  thread,
  myId,
  active,
}: {
  thread: Thread;
  myId: number;
  active: boolean;
}) {
  const { t } = useTranslation();
  const name = threadName(thread, myId);
  const last = thread.last_message;
  const preview =
    last === null
      ? t('messenger.list.noMessages')
      : isEmptyMessageText(last)
        ? t('messenger.list.attachment')
        : messageText({ description: last }, t('messenger.thread.deleted'));
  return (
    <UnstyledButton
      component={Link}
      to={`/messages/t/${thread.id}`}
      className={classes.row}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      data-testid={`thread-row-${thread.id}`}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <ThreadAvatar thread={thread} myId={myId} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={thread.unread > 0 ? 700 : 500} truncate="end" data-testid="thread-name">
              {name}
            </Text>
            {thread.last_message_created_at && (
              <RelativeTimeLabel value={thread.last_message_created_at} style={{ flexShrink: 0 }} />
            )}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" truncate="end" data-testid="thread-last">
              {preview}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {thread.muted && (
                <>
                  <IconBellOff size={16} aria-hidden data-testid="thread-muted" />
                  <VisuallyHidden>{t('messenger.list.muted')}</VisuallyHidden>
                </>
              )}
              {thread.unread > 0 && (
                <Badge
                  size="sm"
                  circle={thread.unread < 10}
                  color={thread.muted ? 'gray' : 'red'}
                  data-testid="thread-unread"
                  aria-label={t('messenger.list.unread', { count: thread.unread })}
                >
                  {thread.unread > 99 ? '99+' : thread.unread}
                </Badge>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
