import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { configureClient } from '../../api/client';
import { resetSessionCache } from '../../api/session';
import { buildTheme } from '../../ui/theme';
import { initI18n } from '../../i18n';

// Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

/** Renders one component inside the app's providers with a fresh query client. */
export async function renderWidget(ui: ReactNode, { path = '/' } = {}) {
  await initI18n('en');
  resetSessionCache();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}
