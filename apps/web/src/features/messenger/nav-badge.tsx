import { Badge, Indicator } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { useUnreadMessages } from './queries';

/** The unread message count beside the messenger's menu entries (none when 0). */
export function MessagesBadge({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const count = useUnreadMessages().data ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="xs"
      color="red"
      circle={count < 10}
      data-testid={testId}
      data-count={count}
      aria-label={t('nav.messagesUnread', { count })}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/** The bottom bar's icon with the unread count on its corner. */
export function MessagesIndicator({ children }: { children: ReactNode }) {
  const count = useUnreadMessages().data ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={count === 0}
      offset={2}
      data-testid="bottom-messages-badge"
      data-count={count}
      // as tall as the icon: a block box holding an inline icon adds the line's descent below
      // it, which set this entry's label lower than its neighbours'
      display="flex"
    >
      {children}
    </Indicator>
  );
}
