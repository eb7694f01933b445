import type { Locale } from '@memoria/domain';
import { useEffect, useState } from 'react';

/** dayjs locale names of the app's languages (calendar month and weekday names). */
const DAYJS_LOCALES: Record<Locale, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en-gb', load: () => import('dayjs/locale/en-gb') },
  nl: { name: 'nl', load: () => import('dayjs/locale/nl') },
  fr_be: { name: 'fr', load: () => import('dayjs/locale/fr') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  pl: { name: 'pl', load: () => import('dayjs/locale/pl') },
  uk: { name: 'uk', load: () => import('dayjs/locale/uk') },
};

const loaded = new Set<string>(['en']);

/** The dayjs locale for the calendar; English until the language's file has loaded. */
export function useDayjsLocale(locale: Locale): string {
  const entry = DAYJS_LOCALES[locale];
  const [ready, setReady] = useState(() => loaded.has(entry.name));
  useEffect(() => {
    if (loaded.has(entry.name)) {
      setReady(true);
      return;
    }
    let active = true;
    entry.load().then(
      () => {
        loaded.add(entry.name);
        if (active) setReady(true);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [entry]);
  return ready ? entry.name : 'en';
}
