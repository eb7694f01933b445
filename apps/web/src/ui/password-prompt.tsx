import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';

export interface PasswordPromptProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  loading?: boolean;
  error?: string;
  onConfirm: (password: string) => void;
  onClose: () => void;
  testId?: string;
}

/** A modal asking for the account password before a sensitive change. */
export function PasswordPrompt(props: PasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) props.onConfirm(password);
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{props.text}</Text>
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={props.error}
            data-testid={props.testId ? `${props.testId}-password` : undefined}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={props.loading}
              disabled={!password}
              data-testid={props.testId ? `${props.testId}-confirm` : undefined}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
