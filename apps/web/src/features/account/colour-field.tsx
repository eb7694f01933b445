import { Button, ColorInput, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { TIMINGS, normaliseCustomColour, type User } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { profileKeys, usePatchProfile } from '../profile/queries';
import { showApiError } from '../../ui/toasts';

/** Adds the '#' a pasted colour may lack; leaves other text alone so the user sees it. */
export function withHash(value: string): string {
  const trimmed = value.trim();
  return /^[0-9a-fA-F]{6}$/.test(trimmed) ? `#${trimmed}` : trimmed;
}

/**
 * The custom colour (docs/DOMAIN.md, Validation): applied at once when valid (it becomes the
 * primary colour), the primary colour resets while invalid, and a valid change is saved after 200
 * ms.
 */
export function ColourField({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const patch = usePatchProfile();
  const [value, setValue] = useState(user.user_profile.custom_colour ?? '');
  const [invalid, setInvalid] = useState(false);

  const preview = (colour: string | null) =>
    queryClient.setQueryData<User>(profileKeys.me, (current) =>
      current
        ? { ...current, user_profile: { ...current.user_profile, custom_colour: colour } }
        : current,
    );

  const save = useDebouncedCallback((colour: string | null) => {
    patch.mutate({ user, patch: { custom_colour: colour } }, { onError: showApiError });
  }, TIMINGS.colourSaveDebounceMs);

  const onChange = (raw: string) => {
    const text = withHash(raw);
    setValue(text);
    if (text === '') {
      setInvalid(false);
      preview(null);
      save(null);
      return;
    }
    const colour = normaliseCustomColour(text);
    setInvalid(!colour);
    preview(colour ?? null);
    if (colour) save(colour);
  };

  return (
    <Group align="flex-end" gap="sm">
      <ColorInput
        label={t('account.profile.colour')}
        description={t('account.profile.colourHint')}
        value={value}
        onChange={onChange}
        format="hex"
        withEyeDropper={false}
        error={invalid ? t('validation.colour') : undefined}
        data-testid="profile-colour"
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button variant="default" onClick={() => onChange('')} disabled={value === ''}>
        {t('account.profile.resetColour')}
      </Button>
    </Group>
  );
}
