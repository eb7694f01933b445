import { Box, Container, Grid, Paper } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { Brand } from './brand';
import { GuestWelcome } from './guest-welcome';

/** Sign-in area: the welcome panel beside the form (the form comes first on small screens). */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 'md', lg: 60 }} px={{ base: 'xs', sm: 'md' }}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Grid gap={{ base: 'md', lg: 48 }} align="flex-start">
        {/* Every part of the page sits in a landmark: the welcome is complementary, the
            phone's brand line the banner, the form the main content. */}
        <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 2, lg: 1 }}>
          <Box component="aside" aria-label={t('welcome.title')}>
            <GuestWelcome />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 1, lg: 2 }}>
          <Box component="header" hiddenFrom="lg" px="xs" pb="md">
            <Brand to="/auth" />
          </Box>
          <Paper
            component="main"
            id="main"
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
            maw={520}
            mx="auto"
          >
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
