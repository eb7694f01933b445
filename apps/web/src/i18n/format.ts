import { LOCALE_TAGS, formatLargeNumber, type Locale } from '@memoria/domain';

/**
 * Intl formatters are costly to build (a list of memo cards built about a hundred, a tenth of
 * its first render): one per locale and options, kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], options);
    formatters.set(key, format);
  }
  return format;
}

function numberFormat(locale: Locale): Intl.NumberFormat {
  const key = `n ${locale}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale]);
    formatters.set(key, format);
  }
  return format;
}

/** Dates and numbers are formatted per chosen locale through Intl. */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateFormat(locale, options).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, locale: Locale): string {
  return formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale).format(value);
}

/** Counters (likes, followers): 1k, 1.5k, 10k, 1M; decimal separator per locale. */
export function formatCount(value: number, locale: Locale): string {
  const text = formatLargeNumber(value);
  const separator = numberFormat(locale)
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
