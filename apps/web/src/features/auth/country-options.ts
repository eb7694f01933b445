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
