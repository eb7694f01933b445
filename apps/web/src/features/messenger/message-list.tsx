import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { mayDeleteMessage } from '@memoria/domain';
import { useLayoutEffect, useRef } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { dayKind, groupByDay } from './display';
import { MessageItem, type MessageActions } from './message-item';
import type { Message, Thread } from './types';
import classes from './messenger.module.css';

interface Props extends MessageActions {
  thread: Thread;
  messages: Message[];
  myId: number;
  isAdmin: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** the id of the viewer's last message the others have read, and who read it */
  seen: { messageId: number; names: string[] } | null;
}

/** Near the bottom this much, a new message scrolls into view. */
const STICK_PX = 120;

/**
 * The messages by day, oldest at the top. Scrolling to the top loads the page before (and
 * the button does the same from the keyboard); the reading place stays where it was.
 */
export function MessageList(props: Props) {
  const { thread, messages, myId, isAdmin, hasOlder, loadingOlder, onLoadOlder, seen } = props;
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const before = useRef({ height: 0, top: 0, first: 0, count: 0 });
  const locale = currentLocale();

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const last = before.current;
    const first = messages[0]?.id ?? 0;
    if (last.count > 0 && first !== last.first) {
      // older messages came in above: keep the same message under the reader's eyes
      element.scrollTop = last.top + (element.scrollHeight - last.height);
    } else if (last.count === 0 || last.height - last.top - element.clientHeight < STICK_PX) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = {
      height: element.scrollHeight,
      top: element.scrollTop,
      first,
      count: messages.length,
    };
  }, [messages]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    before.current = { ...before.current, height: element.scrollHeight, top: element.scrollTop };
    if (element.scrollTop < 80 && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div ref={box} className={classes.scroll} onScroll={onScroll} data-testid="message-scroll">
      <Stack
        gap={6}
        p="sm"
        role="log"
        aria-label={t('messenger.thread.messages')}
        aria-live="polite"
      >
        {hasOlder && (
          <Center>
            {loadingOlder ? (
              <Loader size="sm" />
            ) : (
              <Button variant="subtle" size="xs" onClick={onLoadOlder} data-testid="load-older">
                {t('messenger.thread.loadOlder')}
              </Button>
            )}
          </Center>
        )}
        {messages.length === 0 && (
          <Text c="dimmed" ta="center" p="lg" data-testid="messages-empty">
            {t('messenger.thread.empty')}
          </Text>
        )}
        {groupByDay(messages).map((group) => {
          const kind = dayKind(group.day);
          const label =
            kind === 'date'
              ? formatDate(`${group.day}T12:00:00`, locale)
              : t(`messenger.thread.${kind}`);
          return (
            <Stack key={group.day} gap={6} data-testid="day-group">
              <Text
                size="xs"
                c="dimmed"
                fw={600}
                className={classes.dayHeading}
                role="heading"
                aria-level={2}
              >
                {label}
              </Text>
              {group.messages.map((message) => (
                <MessageItem
                  key={message.key}
                  {...props}
                  message={message}
                  thread={thread}
                  myId={myId}
                  canDelete={mayDeleteMessage(
                    thread.thread_type,
                    { userId: myId, isAdmin },
                    message.user.id,
                  )}
                  seenBy={seen?.messageId === message.id ? seen.names : []}
                />
              ))}
            </Stack>
          );
        })}
      </Stack>
    </div>
  );
}
