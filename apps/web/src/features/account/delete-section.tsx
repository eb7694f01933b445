import { Button, Group, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT } from '@memoria/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { logout } from '../../session/session-actions';
import { applyViolations } from '../../ui/form-errors';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useDeleteAccount } from './data-queries';
import { Section } from './section';

/** Delete account: reason and password, a confirmation, then signed out everywhere. */
export function DeleteSection() {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initialValues: { reason: '', password: '' },
    validate: {
      reason: (value) => (value.trim() ? null : t('accountData.delete.reasonRequired')),
      password: (value) =>
        value ? null : t('validation.required', { field: t('accountData.delete.password') }),
    },
  });

  const carryOut = async () => {
    setConfirming(false);
    try {
      const answer = await remove.mutateAsync({
        reason: form.values.reason.trim(),
        password: form.values.password,
      });
      showSuccess(answer.status, 10_000);
      await logout();
    } catch (error) {
      if (!applyViolations(form, error, ['reason', 'password'])) showApiError(error);
    }
  };

  return (
    <Section title={t('accountData.delete.title')} testId="delete-section">
      <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('accountData.delete.intro')}
          </Text>
          <Textarea
            label={t('accountData.delete.reason')}
            required
            autosize
            minRows={2}
            maxLength={ACCOUNT.deletionReasonMax}
            data-testid="delete-reason"
            {...form.getInputProps('reason')}
          />
          <PasswordInput
            label={t('accountData.delete.password')}
            autoComplete="current-password"
            required
            data-testid="delete-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              data-testid="delete-submit"
            >
              {t('accountData.delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('accountData.delete.confirmTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('accountData.delete.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void carryOut()} data-testid="delete-confirm">
              {t('accountData.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
