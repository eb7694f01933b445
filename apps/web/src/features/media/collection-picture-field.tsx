import { Avatar, Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { acceptAttribute, type Attachment, type Collection } from '@memoria/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n';
import { pictureUrl } from './attachments';
import { LazyPhotoEditor as PhotoEditor } from './photo-editor-lazy';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './use-upload-queue';

const PHOTO_ONLY = ['photo'] as const;

/**
 * The cover picture of the collection form: upload (POST /api/collection/picture, at most
 * 80 MB) and remove. `payload()` is `{collection_picture}` for the save body when changed.
 */
export function useCollectionPicture(collection: Pick<Collection, 'picture'> | undefined) {
  const [uploaded, setUploaded] = useState<Attachment | null>(null);
  const [removed, setRemoved] = useState(false);
  /** the picture chosen and being cropped in the photo editor before its upload */
  const [editing, setEditing] = useState<File[]>([]);
  const queue = useUploadQueue({
    target: 'collection',
    allowed: PHOTO_ONLY,
    onUploaded: (attachment, item) => {
      setUploaded(attachment);
      setRemoved(false);
      queue.cancel(item.key);
    },
  });
  const url = uploaded ? pictureUrl(uploaded) : removed ? null : (collection?.picture ?? null);
  const changed = uploaded !== null || removed;
  const payload = useCallback(
    (): { collection_picture?: number | null } =>
      uploaded ? { collection_picture: uploaded.id } : removed ? { collection_picture: null } : {},
    [uploaded, removed],
  );
  const remove = () => {
    setUploaded(null);
    setRemoved(true);
  };
  return {
    url,
    changed,
    payload,
    remove,
    queue,
    busy: queue.busy,
    editing,
    edit: (file: File) => setEditing([file]),
    finishEditing: (files: File[]) => {
      setEditing([]);
      if (files.length > 0) queue.add(files);
    },
    cancelEditing: () => setEditing([]),
  };
}

export type CollectionPictureState = ReturnType<typeof useCollectionPicture>;

export function CollectionPictureField({ state }: { state: CollectionPictureState }) {
  const { t } = useTranslation();
  const { queue } = state;
  return (
    <Stack gap={6} data-testid="collection-picture-field">
      <Input.Label>{t('media.upload.picture')}</Input.Label>
      <Group gap="sm">
        <Avatar src={state.url} size={64} radius="md" alt="">
          <IconPhoto aria-hidden />
        </Avatar>
        <FileButton onChange={(file) => file && state.edit(file)} accept={acceptAttribute('photo')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              loading={state.busy}
              data-testid="collection-picture-upload"
            >
              {t(state.url ? 'media.upload.changePicture' : 'media.upload.addPicture')}
            </Button>
          )}
        </FileButton>
        {state.url && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={state.remove}
          >
            {t('media.upload.removePicture')}
          </Button>
        )}
      </Group>
      <UploadQueueList items={queue.items} onRetry={queue.retry} onCancel={queue.cancel} />
      <PhotoEditor
        files={state.editing}
        shape="square"
        onComplete={state.finishEditing}
        onCancel={state.cancelEditing}
      />
    </Stack>
  );
}
