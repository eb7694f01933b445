import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import { Link } from 'react-router';
import { useProfile } from '../profile/queries';
import { usePageTitle } from '../../ui/use-page-title';

/** Home ("/"): the own memo list; until memos land, a friendly empty state. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useProfile().data;
  usePageTitle(t('home.title'));
  return (
    <Stack gap="lg" data-testid="home-page" maw={900} mx="auto">
      <div>
        <Title order={1} size="h2">
          {t('home.title')}
        </Title>
        {user && (
          <Text c="dimmed" data-testid="home-greeting">
            {t('home.greeting', { name: user.user_profile.name })}
          </Text>
        )}
      </div>
      <Stack align="center" ta="center" py="xl" gap="sm">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconNotes size={40} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('home.emptyTitle')}
        </Title>
        <Text c="dimmed" maw={420}>
          {t('home.emptyText')}
        </Text>
        <Button component={Link} to="/collections" variant="light">
          {t('nav.collections')}
        </Button>
      </Stack>
    </Stack>
  );
}
