import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needsStagingConfirmation, rememberStagingConfirmation } from '../../app/staging';

/**
 * The staging warning (stagingAuthWarning) before login or signup. `confirm()` resolves true
 * when the user may go on; render `dialog` somewhere in the page.
 */
export function useStagingConfirm() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const resolver = useRef<(ok: boolean) => void>(undefined);

  const confirm = () => {
    if (!needsStagingConfirmation()) return Promise.resolve(true);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  };

  const finish = (ok: boolean) => {
    if (ok) rememberStagingConfirmation();
    setOpened(false);
    resolver.current?.(ok);
    resolver.current = undefined;
  };

  const dialog = (
    <Modal opened={opened} onClose={() => finish(false)} title={t('staging.title')} centered>
      <Text size="sm">{t('staging.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => finish(false)} data-testid="staging-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={() => finish(true)} data-testid="staging-confirm" data-autofocus>
          {t('staging.confirm')}
        </Button>
      </Group>
    </Modal>
  );

  return { confirm, dialog };
}
