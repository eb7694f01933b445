import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { acceptAttribute } from '@memoria/domain';
import { api } from '../../api/client';
import { showApiError, showSuccess } from '../../ui/toasts';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './use-upload-queue';

const PHOTO_ONLY = ['photo'] as const;

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
 * A picture of the person (the profile cover, the public profile banner or its own picture): uploaded as
 * is to its endpoint (the server refuses one below the minimum height with its message, shown
 * on the file), replaced by the next upload, removed by id.
 */
export function WidePictureField({
  target,
  url,
  removeUrl,
  texts,
  onChanged,
  testId,
}: {
  target: 'cover' | 'banner' | 'public_picture';
  url: string | null;
  removeUrl: string | null;
  texts: WidePictureTexts;
  onChanged: () => void;
  testId: string;
}) {
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
          onChange={(file) => file && queue.add([file])}
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
    </Stack>
  );
}
