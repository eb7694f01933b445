import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { useSession } from '../session/use-session';
import { usePageTitle } from './use-page-title';

/** Placeholder for screens that later work fills in, shown inside the real layout. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('comingSoon.title'));
  return (
    <Stack align="center" ta="center" py="xl" px="md" gap="md" data-testid="coming-soon">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconHourglassHigh size={36} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('comingSoon.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('comingSoon.text')}
      </Text>
      {session?.kind === 'full' && (
        <Button component={Link} to="/" variant="light">
          {t('comingSoon.home')}
        </Button>
      )}
    </Stack>
  );
}
