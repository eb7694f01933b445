import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_SCHEDULE_TIME } from '@memoria/domain';

/**
 * Time and schedule rules of the date/time picker (docs/DOMAIN.md, States: "Date picker",
 * Validation: "Scheduled date"; docs/RULES.md, Limits: "Time picker"), kept pure so they are easy
 * to test.
 */
export const HOURS = 24;
export const MINUTES = 60;

export type TimePart = 'hours' | 'minutes';

/**
 * A time field as typed: digits only, at most two; a value out of range is clamped to the
 * maximum (hours 23, minutes 59).
 */
export function clampTimeInput(raw: string, part: TimePart): string {
  const digits = raw.replace(/\D/g, '').slice(-2);
  if (digits === '') return '';
  const max = (part === 'hours' ? HOURS : MINUTES) - 1;
  return Number(digits) > max ? String(max) : digits;
}

/** Two digits, as shown once the field is left: '6' → '06', '' → '00'. */
export function padTime(value: string): string {
  return value.padStart(2, '0').slice(-2);
}

export interface TimeValue {
  hours: number;
  minutes: number;
}

export function parseTime(text: string): TimeValue {
  const [h = '0', m = '0'] = text.split(':');
  return {
    hours: Math.min(HOURS - 1, Math.max(0, Number(h) || 0)),
    minutes: Math.min(MINUTES - 1, Math.max(0, Number(m) || 0)),
  };
}

export function formatTime(time: TimeValue): string {
  return `${padTime(String(time.hours))}:${padTime(String(time.minutes))}`;
}

/** The default time of a schedule: 06:00. */
export const DEFAULT_SCHEDULE: TimeValue = parseTime(DEFAULT_SCHEDULE_TIME);

export function combine(day: Dayjs | Date | string, time: TimeValue): Dayjs {
  return dayjs(day).hour(time.hours).minute(time.minutes).second(0).millisecond(0);
}

/**
 * For today a schedule's time must be later than now: an earlier (or equal) time moves to
 * the next minute, and no later than 23:59. Other days keep the time as chosen.
 */
export function clampScheduleTime(
  day: Dayjs | Date | string,
  time: TimeValue,
  now: Dayjs,
): TimeValue {
  if (!dayjs(day).isSame(now, 'day')) return time;
  const chosen = combine(day, time);
  if (chosen.isAfter(now, 'minute')) return time;
  const next = now.add(1, 'minute').second(0);
  if (!next.isSame(now, 'day')) return { hours: HOURS - 1, minutes: MINUTES - 1 };
  return { hours: next.hour(), minutes: next.minute() };
}

export type ScheduleError = 'scheduledDateLessNow';

/** A schedule not later than now is rejected ('The scheduled date should be in the future'). */
export function validateSchedule(when: Dayjs | null, now: Dayjs): ScheduleError | null {
  if (!when) return null;
  return when.isAfter(now) ? null : 'scheduledDateLessNow';
}

/** Days before today cannot be picked for a schedule. */
export function isPastDay(day: Dayjs | Date | string, now: Dayjs): boolean {
  return dayjs(day).isBefore(now, 'day');
}

/** The years offered by the year list: 80 around the active year. */
export function yearsAround(activeYear: number, count = 80): number[] {
  const first = activeYear - Math.floor(count / 2);
  return Array.from({ length: count }, (_, i) => first + i);
}
