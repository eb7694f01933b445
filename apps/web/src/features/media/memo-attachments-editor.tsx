import { ActionIcon, Button, FileButton, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconFile,
  IconPaperclip,
  IconPlayerPlayFilled,
  IconTrash,
} from '@tabler/icons-react';
import { acceptAttribute, type Attachment } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { isProcessing, pictureUrl } from './attachments';
import classes from './photo-grid.module.css';
import { VideoPending } from './photo-grid';
import { UploadQueueList } from './upload-queue-list';
import type { MemoAttachmentsState } from './use-memo-attachments';

export { useMemoAttachments } from './use-memo-attachments';

const ACCEPT = [
  acceptAttribute('photo'),
  acceptAttribute('video'),
  acceptAttribute('document'),
].join(',');

function Thumb({
  item,
  state,
  index,
  count,
}: {
  item: Attachment;
  state: MemoAttachmentsState;
  index: number;
  count: number;
}) {
  const { t } = useTranslation();
  const name = item.file_name;
  const src = pictureUrl(item, '220w');
  return (
    <Stack gap={4} w={104} data-testid="attachment-thumb" data-kind={item.type}>
      <div className={classes.tile} style={{ aspectRatio: '1', borderRadius: 6 }}>
        {src && !isProcessing(item) && (
          <img src={src} alt={item.description ?? ''} loading="lazy" />
        )}
        {isProcessing(item) && <VideoPending />}
        {item.type === 'video' && !isProcessing(item) && (
          <span className={classes.play} aria-hidden>
            <IconPlayerPlayFilled size={24} />
          </span>
        )}
      </div>
      <Group gap={2} justify="center" wrap="nowrap">
        {item.type === 'photo' && (
          <>
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={index === 0}
              onClick={() => state.move(item, -1)}
              aria-label={t('media.editor.moveBefore', { name })}
            >
              <IconArrowLeft size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={index === count - 1}
              onClick={() => state.move(item, 1)}
              aria-label={t('media.editor.moveAfter', { name })}
            >
              <IconArrowRight size={14} />
            </ActionIcon>
          </>
        )}
        <Tooltip label={t('media.upload.remove', { name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            onClick={() => void state.remove(item)}
            aria-label={t('media.upload.remove', { name })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

/** The memo editor's attachments: add (several at once), progress, retry, remove, reorder photos. */
export function MemoAttachmentsSection({ state }: { state: MemoAttachmentsState }) {
  const { t } = useTranslation();
  const photos = state.items.filter((item) => item.type === 'photo');
  const videos = state.items.filter((item) => item.type === 'video');
  const documents = state.items.filter((item) => item.type === 'document');
  const { queue } = state;
  return (
    <Stack gap={6} data-testid="memo-attachments-editor">
      <Input.Label>{t('media.editor.section')}</Input.Label>
      {state.items.length === 0 && queue.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('media.editor.empty')}
        </Text>
      )}
      {photos.length + videos.length > 0 && (
        <Group gap="xs" align="flex-start">
          {[...photos, ...videos].map((item) => (
            <Thumb
              key={item.id}
              item={item}
              state={state}
              index={photos.indexOf(item)}
              count={photos.length}
            />
          ))}
        </Group>
      )}
      {documents.map((item) => (
        <Group key={item.id} gap="xs" wrap="nowrap" data-testid="attachment-document">
          <IconFile size={16} aria-hidden />
          <Text size="sm" truncate style={{ flex: 1 }}>
            {item.file_name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            onClick={() => void state.remove(item)}
            aria-label={t('media.upload.remove', { name: item.file_name })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <UploadQueueList items={queue.items} onRetry={queue.retry} onCancel={queue.cancel} />
      <FileButton onChange={(files) => queue.add(files)} multiple accept={ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            leftSection={<IconPaperclip size={14} />}
            style={{ alignSelf: 'flex-start' }}
            data-testid="memo-add-files"
          >
            {t('media.upload.addFiles')}
          </Button>
        )}
      </FileButton>
      {state.busy && (
        <Text size="xs" c="dimmed">
          {t('media.upload.waiting')}
        </Text>
      )}
    </Stack>
  );
}
