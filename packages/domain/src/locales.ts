/** The seven interface languages. `en` is the fallback. */
export const LOCALES = ['en', 'nl', 'fr_be', 'de', 'es', 'pl', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Native names, shown in language pickers. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  fr_be: 'Français (Belgique)',
  de: 'Deutsch',
  es: 'Español',
  pl: 'Polski',
  uk: 'Українська',
};

/** BCP 47 tags for Intl formatting. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-GB',
  nl: 'nl-NL',
  fr_be: 'fr-BE',
  de: 'de-DE',
  es: 'es-ES',
  pl: 'pl-PL',
  uk: 'uk-UA',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a browser or Accept-Language tag to one of ours.
 * docs/SCREENS.md, Languages names fr -> fr_be, en -> en, nl -> nl and "else en"; we also map the
 * other languages we ship (de, es, pl, uk) to themselves, since sending a German browser to
 * English while German exists would be a worse experience.
 */
export function localeFromTag(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const normalised = tag.trim().toLowerCase().replace('-', '_');
  if (isLocale(normalised)) return normalised;
  const primary = normalised.split('_')[0];
  if (primary === 'fr') return 'fr_be';
  if (isLocale(primary)) return primary;
  return undefined;
}

/** Picks the best locale from an Accept-Language header value (quality-ordered). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      const quality = q ? Number(q.trim().slice(2)) : 1;
      return { tag: tag ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeFromTag(entry.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
