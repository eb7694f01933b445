import { LOCALE_TAGS, formatLargeNumber, type Locale } from '@memoria/domain';

/** Dates and numbers are formatted per chosen locale through Intl. */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], options).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, locale: Locale): string {
  return formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale]).format(value);
}

/** Counters (likes, followers): 1k, 1.5k, 10k, 1M; decimal separator per locale. */
export function formatCount(value: number, locale: Locale): string {
  const text = formatLargeNumber(value);
  const separator = new Intl.NumberFormat(LOCALE_TAGS[locale])
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return separator && separator !== '.' ? text.replace('.', separator) : text;
}

export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
