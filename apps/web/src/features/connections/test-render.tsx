import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { configureClient } from '../../api/client';
import { resetSessionCache } from '../../api/session';
import { buildTheme } from '../../ui/theme';
import { NAMESPACES, initI18n, loadNamespaces } from '../../i18n';

// Mantine's autosize textarea listens to document.fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/** Renders one component with the app's providers (for dialogs tested on their own). */
export async function renderWithProviders(ui: ReactNode) {
  await initI18n('en');
  // A component rendered on its own has no lazy page to load its texts; importing the app's
  // router anywhere in the graph switches initI18n to on-demand loading.
  await loadNamespaces(...NAMESPACES);
  resetSessionCache();
  configureClient({ getLocale: () => 'en', onSessionExpired: () => {}, baseUrl: '' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <MemoryRouter>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
