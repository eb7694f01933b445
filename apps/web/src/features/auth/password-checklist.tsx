import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';

export function passwordChecks(password: string) {
  return {
    length: password.length >= 8,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[!@#$%^&*]/.test(password),
  };
}

function Item({ ok, label }: { ok: boolean; label: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon
          size={18}
          radius="xl"
          color={ok ? 'teal' : 'gray'}
          variant={ok ? 'filled' : 'light'}
        >
          {ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
        </ThemeIcon>
      }
      c={ok ? undefined : 'dimmed'}
      data-ok={ok}
    >
      {label}
    </List.Item>
  );
}

/**
 * Live strong-password checklist: 8 characters and 3 of the 4 classes (docs/DOMAIN.md, Validation).
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  return (
    <div id={id} aria-live="polite" data-testid="password-checklist">
      <Text size="sm" fw={500} mb={4}>
        {t('auth.checklist.title')}
      </Text>
      <List size="sm" spacing={4} center>
        <Item ok={checks.length} label={t('auth.checklist.length')} />
        <Item
          ok={
            [checks.lower, checks.upper, checks.digit, checks.special].filter(Boolean).length >= 3
          }
          label={t('auth.checklist.classes')}
        />
      </List>
      <List size="sm" spacing={2} center withPadding mt={4}>
        <Item ok={checks.lower} label={t('auth.checklist.lower')} />
        <Item ok={checks.upper} label={t('auth.checklist.upper')} />
        <Item ok={checks.digit} label={t('auth.checklist.digit')} />
        <Item ok={checks.special} label={t('auth.checklist.special')} />
      </List>
    </div>
  );
}
