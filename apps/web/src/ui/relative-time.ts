import { LOCALE_TAGS, type Locale } from '@memoria/domain';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** an average month and year: "3 mo ago" need not be calendar-exact */
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

export interface RelativeParts {
  /** negative in the past, 0 for "now" */
  value: number;
  unit: Intl.RelativeTimeFormatUnit;
}

/**
 * The unit a card shows a moment in (docs/SCREENS.md, Lists and forms): now under 45 s, then
 * minutes, hours (from 45 min), days (from 22 h), weeks (from 6.5 days), months (from 4 weeks)
 * and years (from 11 months), rounded; a moment a little ahead (a clock running fast) is now.
 */
export function relativeParts(then: Date | string | number, now: number): RelativeParts {
  const diff = new Date(then).getTime() - now;
  const size = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const round = (unit: number) => sign * Math.max(1, Math.round(size / unit));
  if (size < 45 * SECOND || (diff > 0 && size < MINUTE)) return { value: 0, unit: 'second' };
  if (size < 45 * MINUTE) return { value: round(MINUTE), unit: 'minute' };
  if (size < 22 * HOUR) return { value: round(HOUR), unit: 'hour' };
  if (size < 6.5 * DAY) return { value: round(DAY), unit: 'day' };
  if (size < 4 * WEEK) return { value: round(WEEK), unit: 'week' };
  if (size < 11 * MONTH) return { value: round(MONTH), unit: 'month' };
  return { value: round(YEAR), unit: 'year' };
}

/** One formatter per locale: building one costs more than formatting (a list shows dozens). */
const formatters = new Map<Locale, Intl.RelativeTimeFormat>();

/** "3 hr ago", "il y a 3 h", "vor 3 Std.": Intl's short style in the chosen locale. */
export function formatRelativeTime(
  then: Date | string | number,
  now: number,
  locale: Locale,
): string {
  const { value, unit } = relativeParts(then, now);
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto', style: 'short' });
    formatters.set(locale, format);
  }
  return format.format(value, unit);
}
