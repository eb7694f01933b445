import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE,
  clampScheduleTime,
  clampTimeInput,
  combine,
  formatTime,
  isPastDay,
  padTime,
  parseTime,
  validateSchedule,
  yearsAround,
} from './date-time-picker-rules';

describe('time fields', () => {
  it('keep two digits and clamp out-of-range input to the maximum', () => {
    expect(clampTimeInput('7', 'hours')).toBe('7');
    expect(clampTimeInput('23', 'hours')).toBe('23');
    expect(clampTimeInput('24', 'hours')).toBe('23');
    expect(clampTimeInput('99', 'hours')).toBe('23');
    expect(clampTimeInput('59', 'minutes')).toBe('59');
    expect(clampTimeInput('60', 'minutes')).toBe('59');
    expect(clampTimeInput('123', 'minutes')).toBe('23');
    expect(clampTimeInput('a1b', 'minutes')).toBe('1');
    expect(clampTimeInput('', 'hours')).toBe('');
  });

  it('pad to two digits and parse back', () => {
    expect(padTime('6')).toBe('06');
    expect(padTime('')).toBe('00');
    expect(formatTime({ hours: 6, minutes: 5 })).toBe('06:05');
    expect(parseTime('25:70')).toEqual({ hours: 23, minutes: 59 });
    expect(DEFAULT_SCHEDULE).toEqual({ hours: 6, minutes: 0 });
  });
});

describe('schedule rules', () => {
  const now = dayjs('2030-05-10T14:30:20');

  it('moves a time for today that is not later than now to the next minute', () => {
    expect(clampScheduleTime(now, { hours: 6, minutes: 0 }, now)).toEqual({
      hours: 14,
      minutes: 31,
    });
    expect(clampScheduleTime(now, { hours: 14, minutes: 30 }, now)).toEqual({
      hours: 14,
      minutes: 31,
    });
    expect(clampScheduleTime(now, { hours: 18, minutes: 0 }, now)).toEqual({
      hours: 18,
      minutes: 0,
    });
  });

  it('clamps to 23:59 late in the evening and leaves other days alone', () => {
    const late = dayjs('2030-05-10T23:59:30');
    expect(clampScheduleTime(late, { hours: 6, minutes: 0 }, late)).toEqual({
      hours: 23,
      minutes: 59,
    });
    expect(clampScheduleTime(now.add(1, 'day'), { hours: 6, minutes: 0 }, now)).toEqual({
      hours: 6,
      minutes: 0,
    });
  });

  it('rejects a schedule that is not in the future', () => {
    expect(validateSchedule(combine(now, { hours: 14, minutes: 0 }), now)).toBe(
      'scheduledDateLessNow',
    );
    expect(validateSchedule(now.subtract(1, 'day'), now)).toBe('scheduledDateLessNow');
    expect(validateSchedule(now.add(1, 'minute'), now)).toBeNull();
    expect(validateSchedule(null, now)).toBeNull();
  });

  it('knows past days and the year list', () => {
    expect(isPastDay(now.subtract(1, 'day'), now)).toBe(true);
    expect(isPastDay(now.startOf('day'), now)).toBe(false);
    const years = yearsAround(2030);
    expect(years).toHaveLength(80);
    expect(years[0]).toBe(1990);
    expect(years[79]).toBe(2069);
  });
});
