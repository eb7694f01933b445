import { ActionIcon, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import type { QueueItem } from './use-upload-queue';

/** The running and failed uploads: a progress bar per file, the kept error, retry and cancel. */
export function UploadQueueList({
  items,
  onRetry,
  onCancel,
}: {
  items: readonly QueueItem[];
  onRetry: (key: string) => void;
  onCancel: (key: string) => void;
}) {
  const { t } = useTranslation();
  const shown = items.filter((item) => item.status !== 'done');
  if (shown.length === 0) return null;
  return (
    <Stack gap={6} data-testid="upload-queue">
      {shown.map((item) => {
        const name = item.file.name;
        const failed = item.status === 'error';
        return (
          <Stack key={item.key} gap={2} data-testid="upload-item" data-status={item.status}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                {failed && (
                  <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
                )}
                <Text size="sm" truncate>
                  {name}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                {failed && !item.rejected && (
                  <Tooltip label={t('common.retry')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={() => onRetry(item.key)}
                      aria-label={t('media.upload.retry', { name })}
                    >
                      <IconRefresh size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => onCancel(item.key)}
                  aria-label={t(failed ? 'media.upload.remove' : 'media.upload.cancel', { name })}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {failed ? (
              <Text size="xs" c="red" role="alert">
                {item.error}
              </Text>
            ) : (
              <Progress
                value={Math.round(item.progress * 100)}
                size="sm"
                animated={item.progress < 1}
                aria-label={t('media.upload.progress', { name })}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
