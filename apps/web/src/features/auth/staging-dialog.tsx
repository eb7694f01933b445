import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';

/** The staging warning (stagingAuthWarning); loaded only when it has to show. */
export function StagingDialog({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={() => onAnswer(false)} title={t('staging.title')} centered>
      <Text size="sm">{t('staging.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => onAnswer(false)} data-testid="staging-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onAnswer(true)} data-testid="staging-confirm" data-autofocus>
          {t('staging.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
