import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { MESSENGER } from '@memoria/domain';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { announceTyping } from './typing';
import { messageText, type Message } from './types';
import { useUploads } from './use-uploads';
import type { Draft } from './send';

interface Props {
  threadId: number;
  replyTo: Message | null;
  onCancelReply: () => void;
  editing: Message | null;
  onCancelEdit: () => void;
  onSend: (draft: Draft) => void;
  onSaveEdit: (message: Message, text: string) => void;
}

/**
 * The message field: Enter sends, Shift+Enter starts a new line, Escape leaves a reply or an
 * edit. Photos and documents upload as they are chosen, each with a progress bar; sending
 * waits until they are stored.
 */
export function Composer(props: Props) {
  const { threadId, replyTo, editing } = props;
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const uploads = useUploads();
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing) setText(messageText(editing, ''));
    field.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (replyTo) field.current?.focus();
  }, [replyTo]);

  const tooLong = text.length > MESSENGER.messageMax;
  const hasFiles = uploads.photos.length + uploads.documents.length > 0;
  const canSend = !tooLong && !uploads.busy && (text.trim() !== '' || (!editing && hasFiles));

  const submit = () => {
    if (!canSend) return;
    if (editing) {
      props.onSaveEdit(editing, text);
    } else {
      props.onSend({
        threadId,
        text,
        replyTo: replyTo
          ? {
              id: replyTo.id,
              '@id': replyTo['@id'],
              description: replyTo.description,
              user_id: replyTo.user.id,
              status: replyTo.status === 'deleted' ? 'deleted' : 'sent',
            }
          : null,
        photos: uploads.photos,
        documents: uploads.documents,
      });
      uploads.clear();
    }
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      if (editing) {
        props.onCancelEdit();
        setText('');
      } else if (replyTo) props.onCancelReply();
    }
  };

  const banner = editing
    ? {
        label: t('messenger.thread.editing'),
        close: t('messenger.thread.cancelEdit'),
        text: '',
        onClose: () => {
          props.onCancelEdit();
          setText('');
        },
      }
    : replyTo
      ? {
          label: t('messenger.thread.replyingTo', { name: replyTo.user.name }),
          close: t('messenger.thread.cancelReply'),
          text: messageText(replyTo, t('messenger.thread.deleted')),
          onClose: props.onCancelReply,
        }
      : null;

  return (
    <Stack gap={4} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {banner && (
        <Paper withBorder px="xs" py={4} data-testid="composer-banner">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" fw={600}>
                {banner.label}
              </Text>
              {banner.text && (
                <Text size="xs" c="dimmed" truncate="end">
                  {banner.text}
                </Text>
              )}
            </Stack>
            <CloseButton size="sm" aria-label={banner.close} onClick={banner.onClose} />
          </Group>
        </Paper>
      )}
      {uploads.uploads.map((upload) => (
        <Group key={upload.id} gap="xs" wrap="nowrap" data-testid="upload">
          <Text size="xs" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {upload.name}
          </Text>
          <Progress
            value={Math.round(upload.progress * 100)}
            w={120}
            aria-label={t('messenger.thread.uploading', { name: upload.name })}
            data-testid="upload-progress"
          />
          <CloseButton
            size="sm"
            aria-label={t('messenger.thread.removeAttachment', { name: upload.name })}
            onClick={() => uploads.remove(upload.id)}
          />
        </Group>
      ))}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        {!editing && (
          <FileButton onChange={(files) => uploads.add(files)} multiple>
            {(fileProps) => (
              <ActionIcon
                {...fileProps}
                variant="subtle"
                size="lg"
                aria-label={t('messenger.thread.attach')}
                data-testid="attach"
              >
                <IconPaperclip size={20} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
        )}
        <Textarea
          ref={field}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value) announceTyping(threadId);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('messenger.thread.placeholder')}
          aria-label={t('messenger.thread.placeholder')}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
          error={tooLong ? t('messenger.thread.tooLong', { max: MESSENGER.messageMax }) : undefined}
          data-testid="composer"
        />
        <ActionIcon
          size="lg"
          onClick={submit}
          disabled={!canSend}
          aria-label={editing ? t('messenger.thread.save') : t('messenger.thread.send')}
          data-testid="send"
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
