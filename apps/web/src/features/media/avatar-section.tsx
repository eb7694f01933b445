import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptAttribute, initialsOf, type User } from '@memoria/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { profileKeys } from '../profile/queries';
import { LazyPhotoEditor as PhotoEditor } from './photo-editor-lazy';
import { UploadQueueList } from './upload-queue-list';
import { useUploadQueue } from './use-upload-queue';

const PHOTO_ONLY = ['photo'] as const;

/**
 * The account picture in the account settings: a picture is cropped round in the photo
 * editor (output at most 1200 px wide), uploaded to POST /api/user/picture (replacing the
 * previous one) and removed with DELETE /api/user/picture.
 */
export function AvatarSection({ user }: { user: Pick<User, 'user_picture' | 'user_profile'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<File[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.me });
  const queue = useUploadQueue({
    target: 'avatar',
    allowed: PHOTO_ONLY,
    onUploaded: (_attachment, item) => {
      queue.cancel(item.key);
      showSuccess(t('media.avatar.saved'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete<unknown>('/api/user/picture'),
    onSuccess: () => {
      showSuccess(t('media.avatar.removed'));
      void refresh();
    },
    onError: showApiError,
  });
  const url = user.user_picture?.content_url ?? null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid="avatar-section"
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('media.avatar.title')}
        </Title>
        <Group gap="md" wrap="wrap">
          <Avatar src={url} size={96} radius="xl" alt="" data-testid="avatar-preview">
            {user.user_profile.name.trim() ? (
              <Text fw={600} size="xl">
                {initialsOf(user.user_profile.name)}
              </Text>
            ) : (
              <IconUser aria-hidden />
            )}
          </Avatar>
          <Group gap="sm">
            <FileButton
              onChange={(file) => file && setEditing([file])}
              accept={acceptAttribute('photo')}
            >
              {(props) => (
                <Button {...props} variant="light" loading={queue.busy} data-testid="avatar-upload">
                  {t(url ? 'media.avatar.change' : 'media.avatar.upload')}
                </Button>
              )}
            </FileButton>
            {url && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
                data-testid="avatar-remove"
              >
                {t('media.avatar.remove')}
              </Button>
            )}
          </Group>
        </Group>
        <UploadQueueList items={queue.items} onRetry={queue.retry} onCancel={queue.cancel} />
      </Stack>
      <PhotoEditor
        files={editing}
        shape="round"
        onComplete={(files) => {
          setEditing([]);
          if (files.length > 0) queue.add(files);
        }}
        onCancel={() => setEditing([])}
      />
    </Paper>
  );
}
