import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBackUp, IconDots, IconFile } from '@tabler/icons-react';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { srcSetOf } from '../media/attachments';
import { EmojiPicker } from './emoji-picker';
import { messageText, type Message, type Thread } from './types';
import classes from './messenger.module.css';

export interface MessageActions {
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  onReact: (message: Message, unicode: string, remove: boolean) => void;
  onRetry: (message: Message) => void;
}

interface Props extends MessageActions {
  message: Message;
  thread: Thread;
  myId: number;
  /** the viewer may delete it (its author, or an admin of the group) */
  canDelete: boolean;
  /** the names under the viewer's last read message */
  seenBy: string[];
}

function timeOf(value: string): string {
  return formatDate(value, currentLocale(), { timeStyle: 'short' });
}

const PHOTO_SIZES = '240px';

/** One message: its quote, text, photos, documents, reactions, state and actions. */
export function MessageItem(props: Props) {
  const { message, thread, myId, canDelete, seenBy } = props;
  const { t } = useTranslation();
  const mine = message.user.id === myId;
  const deleted = message.status === 'deleted';
  const saved = message.id > 0 && message.status !== 'failed' && message.status !== 'sending';
  const text = messageText(message, t('messenger.thread.deleted'));
  const quote = message.messageToReply;
  const quoteAuthor = quote && thread.users.find((user) => user.user_id === quote.user_id)?.name;

  return (
    <Stack
      gap={2}
      className={`${classes.bubble} ${mine ? classes.mine : classes.theirs} ${message.status === 'failed' ? classes.failed : ''}`}
      data-testid="message"
      data-status={message.status}
      data-seq={message.seq}
      data-mine={mine || undefined}
    >
      {!mine && thread.thread_type === 'group' && (
        <Text size="xs" fw={700} data-testid="message-author">
          {message.user.name}
        </Text>
      )}
      {quote && (
        <div className={classes.quote} data-testid="message-quote">
          <Text size="xs" fw={600}>
            {quoteAuthor}
          </Text>
          <Text size="xs" lineClamp={2}>
            {messageText(quote, t('messenger.thread.deleted'))}
          </Text>
        </div>
      )}
      {text && (
        <Text
          size="sm"
          fs={deleted ? 'italic' : undefined}
          c={deleted ? 'dimmed' : undefined}
          data-testid="message-text"
        >
          {text}
        </Text>
      )}
      {message.message_photos.map((photo) => (
        <img
          key={photo.id}
          src={photo.content_url}
          srcSet={srcSetOf(photo)}
          // shown at most 240 css px wide (messenger.module.css .photo): the browser picks the
          // smallest size that is sharp at the screen's density
          sizes={srcSetOf(photo) ? PHOTO_SIZES : undefined}
          loading="lazy"
          alt={photo.name}
          className={classes.photo}
          data-testid="message-photo"
        />
      ))}
      {message.message_documents.map((document) => (
        <Anchor
          key={document.id}
          href={document.content_url}
          target="_blank"
          rel="noopener"
          size="sm"
          data-testid="message-document"
        >
          <Group gap={4} wrap="nowrap">
            <IconFile size={16} aria-hidden />
            {document.name}
          </Group>
        </Anchor>
      ))}
      {message.reactions.length > 0 && (
        <Group gap={4} data-testid="message-reactions">
          {message.reactions.map((reaction) => {
            const own = reaction.users.some((user) => user.user_id === myId);
            const names = reaction.users
              .map((user) => thread.users.find((member) => member.user_id === user.user_id)?.name)
              .filter(Boolean)
              .join(', ');
            return (
              <UnstyledButton
                key={reaction.unicode}
                onClick={() => props.onReact(message, reaction.unicode, own)}
                aria-pressed={own}
                disabled={!saved}
                aria-label={t('messenger.thread.reactedBy', {
                  emoji: reaction.unicode,
                  count: reaction.count,
                  names,
                })}
                data-testid={`reaction-${reaction.unicode}`}
                style={{
                  padding: '0 6px',
                  borderRadius: 10,
                  fontSize: 13,
                  border: `1px solid ${own ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                }}
              >
                {reaction.unicode} {reaction.count}
              </UnstyledButton>
            );
          })}
        </Group>
      )}
      <Group gap={6} justify="flex-end" wrap="nowrap">
        {message.edited && !deleted && (
          <Text size="xs" c="dimmed" data-testid="message-edited">
            {t('messenger.thread.edited')}
          </Text>
        )}
        <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
          {timeOf(message.created_at)}
        </Text>
        {message.status === 'sending' && (
          <Text size="xs" c="dimmed">
            {t('messenger.thread.sending')}
          </Text>
        )}
        {saved && !deleted && (
          <>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('messenger.thread.reply')}
              onClick={() => props.onReply(message)}
              data-testid="reply-button"
            >
              <IconArrowBackUp size={16} aria-hidden />
            </ActionIcon>
            <EmojiPicker onPick={(emoji) => props.onReact(message, emoji, false)} />
            {(mine || canDelete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('messenger.thread.actions')}
                    data-testid="message-menu"
                  >
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {mine && (
                    <Menu.Item onClick={() => props.onEdit(message)} data-testid="edit-message">
                      {t('messenger.thread.edit')}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item
                      color="red"
                      onClick={() => props.onDelete(message)}
                      data-testid="delete-message"
                    >
                      {t('messenger.thread.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        )}
      </Group>
      {message.status === 'failed' && (
        <Group gap="xs" justify="flex-end" role="alert">
          <Text size="xs" c="red">
            {t('messenger.thread.failed')}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => props.onRetry(message)}
            data-testid="retry-message"
          >
            {t('messenger.thread.retry')}
          </Button>
        </Group>
      )}
      {seenBy.length > 0 && (
        <Text size="xs" c="dimmed" ta="end" data-testid="seen-by">
          {t('messenger.thread.seenBy', { names: seenBy.join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
