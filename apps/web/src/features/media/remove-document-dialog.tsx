import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';

/** Asks before a document (and its kept versions) is deleted. */
export function RemoveDocumentDialog({
  opened,
  fileName,
  removing,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  fileName: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('media.documents.remove', { name: fileName })}
    >
      <Stack gap="md">
        <Text>{t('media.documents.removeConfirm', { name: fileName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('media.photoEditor.cancel')}
          </Button>
          <Button
            color="red"
            loading={removing}
            onClick={onConfirm}
            data-testid="document-delete-confirm"
          >
            {t('media.documents.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
