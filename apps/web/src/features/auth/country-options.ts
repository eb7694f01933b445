import type { Locale } from '@memoria/domain';
import { COUNTRY_CODES } from '../../i18n/countries';
import { countryName } from '../../i18n/format';

/** Country options named in the interface language, sorted by name. */
export function countryOptions(locale: Locale): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale.replace('_', '-'));
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}

/**
 * The country a sign-up starts with, from the browser's languages in order of preference:
 * the region of the first tag that names one we offer (nl-NL → NL, fr-BE → BE), else the
 * language's main country by Unicode's likely subtags (fr → FR, uk → UA, en → US); empty
 * when none fits (the person picks one).
 */
export function countryFromLanguages(tags: readonly string[]): string {
  const offered = new Set(COUNTRY_CODES);
  const regionOf = (tag: string, likely: boolean): string | undefined => {
    try {
      const parsed = new Intl.Locale(tag.replace('_', '-'));
      return (likely ? parsed.maximize() : parsed).region?.toUpperCase();
    } catch {
      return undefined; // not a language tag
    }
  };
  for (const likely of [false, true]) {
    for (const tag of tags) {
      const region = regionOf(tag, likely);
      if (region && offered.has(region)) return region;
    }
  }
  return '';
}

/** The browser's languages, most preferred first (navigator.languages, or its one language). */
export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}
