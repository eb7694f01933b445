import { Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link, Outlet } from 'react-router';
import { useProfile } from '../../features/profile/queries';
import { NotificationBell } from '../../features/notifications/bell';
import { useNotificationsLive } from '../../features/notifications/live';
import { MessengerLiveOnDemand } from '../../features/messenger/live-on-demand';
import { PageLoader } from '../../ui/page-loader';
import { loadChunk } from '../../ui/lazy-page';
import { useSession } from '../../session/use-session';
import { AppShell } from './app-shell';
import { BottomBar } from './bottom-bar';
import { Brand } from './brand';
import { SideMenu } from './side-menu';
import { useWiderThan } from '../../ui/viewport';

// Only visitors see the welcome panel here: a signed-in first screen does not load it.
const GuestWelcome = lazy(() =>
  loadChunk(() => import('./guest-welcome')).then((m) => ({ default: m.GuestWelcome })),
);

/**
 * The main layout: side menu from lg (1100 px), a header with a menu button and the bottom
 * bar below it. Visitors get the welcome panel where the side menu would be.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // read while rendering: a phone never gets the desktop layout first (ui/viewport.ts)
  const desktop = useWiderThan('lg');
  const session = useSession();
  const user = useProfile().data;
  const signedIn = session?.kind === 'full' && Boolean(user);
  const queryClient = useQueryClient();
  const [reloadKey, setReloadKey] = useState(0);
  useNotificationsLive(signedIn);

  // Tapping the active bottom-bar link: refetch what the view shows and remount it.
  const reloadView = () => {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'profile' });
    setReloadKey((key) => key + 1);
    window.scrollTo({ top: 0 });
  };

  return (
    <AppShell
      header={{ height: 56, collapsed: desktop }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      footer={{ height: 64, collapsed: desktop || !signedIn }}
      padding="md"
    >
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {/* From lg the header is collapsed (moved above the screen): not rendered then, so its
          links and menu button are no Tab stops and nothing assistive tech reads. */}
      {!desktop && (
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="xs" wrap="nowrap">
              {signedIn && <NotificationBell testId="notification-bell-header" />}
              {!signedIn && (
                <Button component={Link} to="/auth" size="xs">
                  {t('welcome.login')}
                </Button>
              )}
              <Burger
                opened={opened}
                onClick={toggle}
                aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={opened}
                data-testid="menu-toggle"
              />
            </Group>
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Navbar>
        {signedIn && user ? (
          <SideMenu user={user} onNavigate={close} />
        ) : (
          <Suspense fallback={null}>
            <GuestWelcome />
          </Suspense>
        )}
      </AppShell.Navbar>
      {signedIn && user && (
        // the messenger's live updates, loaded on its first socket message
        <MessengerLiveOnDemand userId={user.id} />
      )}
      <AppShell.Main id="main">
        <Suspense fallback={<PageLoader />}>
          <div key={reloadKey}>
            <Outlet />
          </div>
        </Suspense>
      </AppShell.Main>
      {signedIn && (
        <AppShell.Footer hiddenFrom="lg">
          <BottomBar onReload={reloadView} />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
