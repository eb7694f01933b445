import { ActionIcon, Avatar, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconDots,
  IconMail,
  IconMailOpened,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { linkOf, sentenceOf } from './describe';
import type { StickyNotification } from './sticky';
import type { AppNotification } from './types';

export interface NotificationItemProps {
  notification: AppNotification;
  sticky?: StickyNotification;
  onOpen: (n: AppNotification) => void;
  onReview: (n: AppNotification) => void;
  onUnreview: (n: AppNotification) => void;
  onDelete: (n: AppNotification) => void;
}

/** One notification: who, what (a link to its subject), when, and its actions. */
export function NotificationItem({
  notification: n,
  sticky,
  onOpen,
  onReview,
  onUnreview,
  onDelete,
}: NotificationItemProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = n.reviewed_at === null;
  const sentence = sentenceOf(t, n);
  const to = linkOf(n);
  // the menu buttons all say "Actions for this notification": each is described by its text
  const textId = useId();
  const text = (
    <Text
      id={textId}
      size="sm"
      fw={unread ? 600 : 400}
      c={n.unavailable ? 'dimmed' : undefined}
      style={{ overflowWrap: 'anywhere' }}
      data-testid="notification-text"
    >
      {sentence}
    </Text>
  );
  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      p="xs"
      data-testid="notification-item"
      data-notification-id={n.id}
      data-unread={unread ? 'true' : 'false'}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Avatar radius="xl" size="md" color="blue" src={n.from_user?.picture ?? null}>
        {n.from_user?.label ?? '•'}
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {to === null ? (
          text
        ) : (
          <UnstyledButton
            component="a"
            href={to}
            onClick={(event) => {
              event.preventDefault();
              onOpen(n);
              void navigate(to);
            }}
            data-testid="notification-link"
          >
            {text}
          </UnstyledButton>
        )}
        <Group gap="xs">
          {unread && (
            <Box
              w={8}
              h={8}
              bg="blue"
              style={{ borderRadius: '50%' }}
              aria-label={t('notifications.unread')}
              role="img"
            />
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(n.created_at, currentLocale())}
          </Text>
        </Group>
        {sticky && (
          <Group
            gap={4}
            role="status"
            data-testid="sticky-notification"
            data-status={sticky.status}
          >
            {sticky.hasIcon &&
              (sticky.status === 'success' ? (
                <IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />
              ) : (
                <IconAlertCircle size={14} color="var(--mantine-color-red-6)" aria-hidden />
              ))}
            <Text size="xs" c={sticky.status === 'success' ? 'green' : 'red'}>
              {sticky.text}
            </Text>
          </Group>
        )}
      </Stack>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('notifications.actions')}
            aria-describedby={textId}
            data-testid="notification-menu"
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {unread ? (
            <Menu.Item
              leftSection={<IconMailOpened size={16} aria-hidden />}
              onClick={() => onReview(n)}
              data-testid="notification-review"
            >
              {t('notifications.review')}
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => onUnreview(n)}
              data-testid="notification-unreview"
            >
              {t('notifications.unreview')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onDelete(n)}
            data-testid="notification-delete"
          >
            {t('notifications.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
