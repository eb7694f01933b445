import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configureClient } from './api/client';
import { queryClient } from './api/query-client';
import { getSession } from './api/session';
import { layoutData } from './app/first-data';
import { firstPages } from './app/first-pages';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { handleSessionExpired } from './session/session-actions';
import { browserSettings, guestSettings } from './session/settings';
import { currentLocale, initI18n } from './i18n';
import { initialLocale } from './i18n/language';
import { isLocale } from '@memoria/domain';

async function start() {
  // A signed-in user's remembered profile locale beats the cookie for the first paint.
  const remembered = browserSettings.get().user?.locale;
  const locale =
    localStorage.getItem('token') && isLocale(remembered)
      ? remembered
      : initialLocale(guestSettings.get().locale);
  await initI18n(locale);
  configureClient({ getLocale: currentLocale, onSessionExpired: handleSessionExpired });
  const signedIn = getSession()?.kind === 'full';
  await Promise.all([layoutData(queryClient), firstPages(window.location.pathname, signedIn)]);

  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  const app = createRoot(root);
  // The first render in a transition: React renders it in slices of a few milliseconds, giving
  // the main thread back between them, instead of one task of several hundred milliseconds on
  // a slow phone (docs/PERFORMANCE.md, Lighthouse: the fifth round). Nothing is on screen
  // before it, so nothing waits for it but what it draws.
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
