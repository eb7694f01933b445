import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { acceptAttribute, LIMITS } from '@memoria/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { showApiError, showSuccess } from '../../ui/toasts';
import { LazyPhotoEditor as PhotoEditor } from './photo-editor-lazy';
import type { EditorShape } from './photo-editor-math';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './use-upload-queue';

const PHOTO_ONLY = ['photo'] as const;

type WideTarget = 'cover' | 'banner' | 'public_picture';

/**
 * How each picture is cropped before its upload: the cover and the banner are wide strips
 * across the top of the profile (3:1, the proportion their headers show), the public
 * profile's own picture is a round portrait. The minimum heights are the server's (the editor
 * refuses a smaller picture before any upload).
 */
export const WIDE_PICTURE_CROP: Record<
  WideTarget,
  { shape: EditorShape; ratio: number; minHeight: number }
> = {
  cover: { shape: 'rect', ratio: 3, minHeight: LIMITS.coverMinHeight },
  banner: { shape: 'rect', ratio: 3, minHeight: LIMITS.coverMinHeight },
  public_picture: { shape: 'round', ratio: 1, minHeight: LIMITS.publicPictureMinHeight },
};

export interface WidePictureTexts {
  label: string;
  hint: string;
  upload: string;
  change: string;
  remove: string;
  saved: string;
  removed: string;
  alt: string;
}

/**
 * A picture of the person (the profile cover, the public profile banner or its own picture):
 * cropped in the photo editor, then uploaded to its endpoint (the server still refuses one below
 * the minimum height with its message, shown on the file), replaced by the next upload,
 * removed by id.
 */
export function WidePictureField({
  target,
  url,
  removeUrl,
  texts,
  onChanged,
  testId,
}: {
  target: WideTarget;
  url: string | null;
  removeUrl: string | null;
  texts: WidePictureTexts;
  onChanged: () => void;
  testId: string;
}) {
  /** the picture chosen and being cropped before its upload */
  const [editing, setEditing] = useState<File[]>([]);
  const crop = WIDE_PICTURE_CROP[target];
  const queue = useUploadQueue({
    target,
    allowed: PHOTO_ONLY,
    onUploaded: (_attachment, item) => {
      queue.cancel(item.key);
      showSuccess(texts.saved);
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete<unknown>(removeUrl ?? ''),
    onSuccess: () => {
      showSuccess(texts.removed);
      onChanged();
    },
    onError: showApiError,
  });
  const hintId = `${testId}-hint`;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={500} size="sm">
        {texts.label}
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        {texts.hint}
      </Text>
      {url && (
        <Box style={{ borderRadius: 8, overflow: 'hidden', maxHeight: 160 }}>
          <Image src={url} alt={texts.alt} h={160} fit="cover" data-testid={`${testId}-image`} />
        </Box>
      )}
      <Group gap="sm">
        <FileButton
          onChange={(file) => file && setEditing([file])}
          accept={acceptAttribute('photo')}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              loading={queue.busy}
              aria-describedby={hintId}
              data-testid={`${testId}-upload`}
            >
              {url ? texts.change : texts.upload}
            </Button>
          )}
        </FileButton>
        {url && removeUrl && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid={`${testId}-remove`}
          >
            {texts.remove}
          </Button>
        )}
      </Group>
      <UploadQueueList items={queue.items} onRetry={queue.retry} onCancel={queue.cancel} />
      <PhotoEditor
        files={editing}
        shape={crop.shape}
        ratio={crop.ratio}
        minHeight={crop.minHeight}
        onComplete={(files) => {
          setEditing([]);
          if (files.length > 0) queue.add(files);
        }}
        onCancel={() => setEditing([])}
      />
    </Stack>
  );
}
