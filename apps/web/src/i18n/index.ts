import { DEFAULT_LOCALE, isLocale, type Locale } from '@memoria/domain';
import type { LocaleShape } from './locales/en';
import { writeLanguageCookie } from './language';
import { activeLanguage, addBundle, hasBundle, setLanguage } from './translate';

export { t, useTranslation, type TFunction, type TranslationKey } from './translate';

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
  if (hasBundle(locale)) return;
  addBundle(locale, await loaders[locale]());
}

export async function initI18n(locale: Locale): Promise<void> {
  // Every locale file has every key (tsc checks), so no second language is loaded.
  await ensureLoaded(locale);
  setLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}

export function currentLocale(): Locale {
  const language = activeLanguage();
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it in the `language` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLanguageCookie(locale);
  if (currentLocale() === locale && hasBundle(locale)) return;
  await ensureLoaded(locale);
  setLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}
