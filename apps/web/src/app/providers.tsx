import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useProfile } from '../features/profile/queries';
import { notificationKeys } from '../features/notifications/queries';
import type { SocketMessage } from '../api/socket';
import { queryClient } from '../api/query-client';
import { useSession } from '../session/use-session';
import { browserSettings } from '../session/settings';
import { buildTheme, cssVariablesResolver } from '../ui/theme';
import { useTranslation } from '../i18n';
import { useAutosizeMeasurementLabel } from '../ui/autosize-label';
import { loadToastContainer, subscribeToasts, toastsRequested } from '../ui/toast-queue';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

// The toast container is not needed for the first screen: it loads and mounts with the first
// toast, which waits in the notifications store until the container is there.
// Should it fail to load, toasts stay in the store rather than take the app down.
const Toasts = lazy((): Promise<{ default: ComponentType }> =>
  loadToastContainer().catch(() => ({ default: () => null })),
);

function LazyToasts() {
  const requested = useSyncExternalStore(subscribeToasts, toastsRequested, toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** The theme follows the user's custom colour (from the profile, or the remembered one). */
function ThemedProviders({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const colour = profile.data
    ? profile.data.user_profile.custom_colour
    : browserSettings.get().user?.custom_colour;
  const { t } = useTranslation();
  const close = t('common.close');
  const togglePassword = t('common.togglePassword');
  const theme = useMemo(
    () => buildTheme(colour, { close, togglePassword }),
    [colour, close, togglePassword],
  );
  useAutosizeMeasurementLabel(t('common.autosizeMeasurement'));
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <LazyToasts />
      {children}
    </MantineProvider>
  );
}

/**
 * One socket per tab while a full session is signed in (the socket module then follows the
 * session itself: token refresh, account switch, logout), the memos it watches and the memo
 * updates it brings. All load on demand, so visitors' first screen carries none of it.
 */
function LiveUpdates() {
  const signedIn = useSession()?.kind === 'full';
  useEffect(() => {
    if (!signedIn) return undefined;
    let release: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('../api/socket'), import('../features/memos/watch')]).then(
      ([socket, watch]) => {
        if (cancelled) return;
        const stop = socket.connectSocket();
        const onChange = (message: SocketMessage) => {
          void import('../features/memos/live').then((live) =>
            live.onMemoChanged(queryClient, message),
          );
        };
        // a comment notification stands for its memo's memo_changed 'comment'
        const unsubscribe = [
          socket.subscribeSocket('memo_changed', onChange),
          socket.subscribeSocket('notification', onChange),
          // What was pushed while no socket was open reached nobody: the notifications since the
          // screen first loaded them, and after a dropped connection whatever is on screen.
          socket.onSocketOpen(({ reconnected }) => {
            void queryClient.invalidateQueries(
              reconnected ? undefined : { queryKey: notificationKeys.all },
            );
          }),
          // the server sends memo_changed only for the memos a tab says it holds
          watch.watchHeldMemos(queryClient, socket),
        ];
        release = () => {
          for (const off of unsubscribe) off();
          stop();
        };
      },
    );
    return () => {
      cancelled = true;
      release?.();
    };
  }, [signedIn]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      <ThemedProviders>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}
