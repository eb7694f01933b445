import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configureClient } from './api/client';
import { queryClient } from './api/query-client';
import { layoutData } from './app/first-data';
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
  await layoutData(queryClient);

  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
