import { Button, ColorInput, Group } from '@mantine/core';
import { normaliseCustomColour, type User } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { profileKeys } from '../profile/queries';

/** Adds the '#' a pasted colour may lack; leaves other text alone so the user sees it. */
export function withHash(value: string): string {
  const trimmed = value.trim();
  return /^[0-9a-fA-F]{6}$/.test(trimmed) ? `#${trimmed}` : trimmed;
}

/**
 * The custom colour (docs/DOMAIN.md, Validation), a field of the profile form: shown at once
 * when valid (it becomes the primary colour), the primary colour resets while invalid; it is
 * saved with the form's one save button (issue 18).
 */
export function ColourField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const preview = (colour: string | null) =>
    queryClient.setQueryData<User>(profileKeys.me, (current) =>
      current
        ? { ...current, user_profile: { ...current.user_profile, custom_colour: colour } }
        : current,
    );

  const change = (raw: string) => {
    const text = withHash(raw);
    onChange(text);
    preview(text === '' ? null : (normaliseCustomColour(text) ?? null));
  };

  return (
    <Group align="flex-end" gap="sm">
      <ColorInput
        label={t('account.profile.colour')}
        description={t('account.profile.colourHint')}
        value={value}
        onChange={change}
        format="hex"
        withEyeDropper={false}
        fixOnBlur={false}
        error={error}
        data-testid="profile-colour"
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button variant="default" onClick={() => change('')} disabled={value === ''}>
        {t('account.profile.resetColour')}
      </Button>
    </Group>
  );
}
