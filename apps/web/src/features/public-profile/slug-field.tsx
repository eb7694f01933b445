import { Anchor, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS, isSlug } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSlugAvailability } from './queries';

/**
 * The public address: /p/profile/{slug}, typed in lowercase, checked for availability while
 * typing (after a pause) and announced politely to screen readers.
 */
export function SlugField({
  value,
  saved,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  saved: string | null;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const [typed] = useDebouncedValue(value.trim(), TIMINGS.searchDebounceMs);
  const check = typed !== '' && typed !== saved && isSlug(typed);
  const availability = useSlugAvailability(typed, check);
  let status: string | null = null;
  if (value.trim() !== '' && !isSlug(value.trim())) status = null;
  else if (check && availability.isFetching) status = t('publicProfile.slugChecking');
  else if (check && availability.data)
    status = availability.data.available
      ? t('publicProfile.slugFree')
      : t('publicProfile.slugTaken');
  const taken = check && availability.data?.available === false;
  return (
    <div>
      <TextInput
        label={t('publicProfile.slug')}
        description={t('publicProfile.slugHint')}
        leftSection={
          <Text size="xs" c="dimmed">
            /p/profile/
          </Text>
        }
        leftSectionWidth={80}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.toLowerCase().replace(/\s/g, ''))}
        onBlur={onBlur}
        maxLength={30}
        autoCapitalize="none"
        spellCheck={false}
        error={error ?? (taken ? t('publicProfile.slugTaken') : undefined)}
        rightSection={check && availability.isFetching ? <Loader size="xs" /> : null}
        data-testid="public-slug"
      />
      <Text size="xs" mt={4} role="status" aria-live="polite" data-testid="public-slug-status">
        {status && !taken ? status : ''}
      </Text>
      {saved && (
        <Anchor component={Link} to={`/p/profile/${saved}`} size="sm" data-testid="public-open">
          {t('publicProfile.openPage')}
        </Anchor>
      )}
    </div>
  );
}
