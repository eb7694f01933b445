import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@memoria/domain';
import type { LocaleShape } from './locales/en';
import { writeLanguageCookie } from './language';

/** Only the active language is fetched: each locale file is its own chunk. */
const loaders: Record<Locale, () => Promise<LocaleShape>> = {
  en: () => import('./locales/en').then((m) => m.en),
  nl: () => import('./locales/nl').then((m) => m.nl),
  fr_be: () => import('./locales/fr_be').then((m) => m.fr_be),
  de: () => import('./locales/de').then((m) => m.de),
  es: () => import('./locales/es').then((m) => m.es),
  pl: () => import('./locales/pl').then((m) => m.pl),
  uk: () => import('./locales/uk').then((m) => m.uk),
};

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const resources = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', resources, true, true);
}

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    // Every locale file has every key (tsc checks), so no second language is loaded.
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(locale);
  document.documentElement.lang = locale.replace('_', '-');
  return i18next;
}

export function currentLocale(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it in the `language` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLanguageCookie(locale);
  if (currentLocale() === locale && i18next.hasResourceBundle(locale, 'translation')) return;
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}
