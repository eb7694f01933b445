import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';

export interface CodeStepProps {
  title: string;
  text: ReactNode;
  label: string;
  submitLabel: string;
  error?: string;
  loading?: boolean;
  onSubmit: (code: string) => void;
  onBack?: () => void;
  backLabel?: string;
  /** Extra actions under the form (e.g. resend). */
  footer?: ReactNode;
  testIds: { input: string; submit: string };
  /** Backup codes are longer than 6 digits, so only the activation code is digits-only. */
  digitsOnly?: boolean;
}

/** One code field and a submit button: two-step sign-in, activation and verification. */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = code.trim();
  const invalid = props.digitsOnly ? !/^\d{6}$/.test(trimmed) : trimmed.length < 6;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid) props.onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{props.text}</Text>
        {props.error && (
          <Alert color="red" role="alert" data-testid="code-error">
            {props.error}
          </Alert>
        )}
        <TextInput
          label={props.label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode={props.digitsOnly ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={props.digitsOnly ? 6 : 32}
          error={touched && invalid ? t('validation.code') : undefined}
          data-testid={props.testIds.input}
          autoFocus
          required
        />
        <Button type="submit" loading={props.loading} data-testid={props.testIds.submit}>
          {props.submitLabel}
        </Button>
        {(props.footer || props.onBack) && (
          <Group justify="space-between">
            {props.onBack && (
              <Anchor component="button" type="button" onClick={props.onBack} size="sm">
                {props.backLabel ?? t('common.back')}
              </Anchor>
            )}
            {props.footer}
          </Group>
        )}
      </Stack>
    </form>
  );
}
