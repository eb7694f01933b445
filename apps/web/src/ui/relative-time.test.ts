import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeParts } from './relative-time';

const NOW = Date.parse('2030-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('relative time of a card', () => {
  it.each([
    [10 * S, 0, 'second'],
    [44 * S, 0, 'second'],
    [50 * S, -1, 'minute'],
    [5 * MIN, -5, 'minute'],
    [44 * MIN, -44, 'minute'],
    [50 * MIN, -1, 'hour'],
    [3 * H + 10 * MIN, -3, 'hour'],
    [21 * H, -21, 'hour'],
    [23 * H, -1, 'day'],
    [3 * D, -3, 'day'],
    [7 * D, -1, 'week'],
    [20 * D, -3, 'week'],
    [40 * D, -1, 'month'],
    [300 * D, -10, 'month'],
    [400 * D, -1, 'year'],
    [3 * 365 * D, -3, 'year'],
  ] as const)('%i ms ago is %i %s', (ms, value, unit) => {
    expect(relativeParts(ago(ms), NOW)).toEqual({ value, unit });
  });

  it('treats a moment a few seconds ahead (a fast clock) as now, and later ones as ahead', () => {
    expect(relativeParts(NOW + 30 * S, NOW)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(NOW + 2 * H, NOW)).toEqual({ value: 2, unit: 'hour' });
  });

  it('says it in the chosen language', () => {
    // Intl keeps number and unit together with a no-break space in some languages
    const say = (ms: number, locale: Parameters<typeof formatRelativeTime>[2]) =>
      formatRelativeTime(ago(ms), NOW, locale).replace(/[\u00a0\u202f]/g, ' ');
    expect(say(3 * H, 'en')).toBe('3 hr ago');
    expect(say(3 * H, 'fr_be')).toBe('il y a 3 h');
    expect(say(3 * H, 'de')).toBe('vor 3 Std.');
    expect(say(5 * S, 'nl')).toBe('nu');
    expect(say(D, 'es')).toBe('ayer');
    expect(say(5 * MIN, 'uk')).toBe('5 хв тому');
    expect(say(2 * D, 'pl')).toBe('przedwczoraj');
  });
});
