import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { currentLocale, initI18n } from '../i18n';
import { closeMemoEditor } from '../features/memos/memo-editor-launcher';
import { notifications } from '@mantine/notifications';
import { setLoggingOut, setPostLoginDestination } from '../session/session-actions';
import { fixedMediaQueryList } from './match-media';

// Pages are lazy chunks; on a busy two-core CI machine their first import can take longer
// than Testing Library's 1 s default for findBy/waitFor. 5 s was seen too short while the
// server projects ran beside (a route test waiting for the home page and the account menu);
// a wait that succeeds ends as soon as the element is there, so a long limit costs nothing.
configure({ asyncUtilTimeout: 10_000 });

// A query that finds nothing builds its error with a print of the whole document. Inside
// waitFor and findBy* that happens on every attempt (each DOM change and every 50 ms) and
// only the last attempt's error is ever shown, with the document printed by waitFor itself
// when it gives up. So attempts get the bare message: the printing was about 5% of the web
// tests' CPU (docs/TESTING.md, "Where the time goes").
const printingError = getConfig().getElementError;
configure({
  getElementError(message, container) {
    const attempt = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    if (!attempt) return printingError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// Mantine reads matchMedia (colour scheme, media queries); jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => fixedMediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};

// The files of the `web` project share their modules (apps/web/vitest.config.ts): the state
// kept in modules that a test may leave behind is reset here (the open memo editor, toasts, the
// query cache, a sign-out or sign-in under way, the language, timers and globals). A file that leaves other module state behind
// resets it itself, or mocks modules and so runs in `web-isolated`.
afterEach(async () => {
  cleanup();
  closeMemoEditor();
  notifications.clean();
  // a real sign-out or sign-in ends in a page load, which a test never does
  setLoggingOut(false);
  setPostLoginDestination(undefined);
  localStorage.clear();
  sessionStorage.clear();
  // a stored session also sets the signed-in cookie (api/session.ts), which outlives the file
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (currentLocale() !== 'en') await initI18n('en');
});

// Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
