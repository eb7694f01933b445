import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import { Link, useLocation } from 'react-router';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/** What a visitor sees instead of the side menu (docs/SCREENS.md, Layout). */
export function GuestWelcome() {
  const { t } = useTranslation();
  // The sign-up form has its own language field (the account's language): one picker a page.
  const signup = useLocation().pathname.startsWith('/auth/signup');
  return (
    <Stack gap="md" p="md" data-testid="guest-welcome">
      <Group justify="space-between">
        {/* Below lg the header (or the sign-in screen) already shows the brand. */}
        <Box visibleFrom="lg">
          <Brand to="/auth" />
        </Box>
        <Box ml="auto">
          <ThemeToggle />
        </Box>
      </Group>
      <Title order={2}>{t('welcome.title')}</Title>
      <Text c="dimmed">{t('welcome.text')}</Text>
      {!signup && <LanguageSelect />}
      <Anchor component={Link} to="/file-transfer" size="sm">
        <Group gap={6} component="span" wrap="nowrap">
          <IconTransfer size={16} aria-hidden />
          {t('welcome.fileTransfer')}
        </Group>
      </Anchor>
      {/* Side by side when both labels fit, one under the other when not. */}
      <Group grow preventGrowOverflow={false}>
        <Button component={Link} to="/auth" data-testid="welcome-login">
          {t('welcome.login')}
        </Button>
        <Button component={Link} to="/auth/signup" variant="light" data-testid="welcome-signup">
          {t('welcome.signup')}
        </Button>
      </Group>
    </Stack>
  );
}
