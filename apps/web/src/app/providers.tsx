import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useProfile } from '../features/profile/queries';
import { queryClient } from './query-client';
import { browserSettings } from './settings';
import { buildTheme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

// The toast container is not needed for the first paint; toasts queue in its store until then.
const Toasts = lazy(() => import('../ui/toast-container'));

/** The theme follows the user's custom colour (from the profile, or the remembered one). */
function ThemedProviders({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const colour = profile.data
    ? profile.data.user_profile.custom_colour
    : browserSettings.get().user?.custom_colour;
  const theme = useMemo(() => buildTheme(colour), [colour]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}
