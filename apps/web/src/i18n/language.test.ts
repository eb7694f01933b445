import { describe, expect, it } from 'vitest';
import { browserLocale, readLanguageCookie, writeLanguageCookie } from './language';
import { countryName, formatCount, formatDate, formatNumber } from './format';

describe('language choice', () => {
  it('falls back from browser languages (fr gives fr_be, unknown gives en)', () => {
    expect(browserLocale(['fr-FR'])).toBe('fr_be');
    expect(browserLocale(['nl-BE', 'en'])).toBe('nl');
    expect(browserLocale(['en-US'])).toBe('en');
    expect(browserLocale(['ja-JP', 'de-AT'])).toBe('de');
    expect(browserLocale(['ja-JP'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });

  it('reads and writes the language cookie', () => {
    expect(readLanguageCookie('a=1; language=pl; b=2')).toBe('pl');
    expect(readLanguageCookie('language=xx')).toBeUndefined();
    writeLanguageCookie('uk');
    expect(readLanguageCookie()).toBe('uk');
  });
});

describe('formatting per locale', () => {
  it('formats the large-number counters', () => {
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(1000, 'en')).toBe('1k');
    expect(formatCount(1500, 'en')).toBe('1.5k');
    expect(formatCount(10000, 'en')).toBe('10k');
    expect(formatCount(1000000, 'en')).toBe('1M');
    expect(formatCount(1500, 'nl')).toBe('1,5k');
  });

  it('formats numbers and dates with Intl', () => {
    expect(formatNumber(1234.5, 'nl')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatDate('2024-03-05T10:00:00Z', 'nl', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '5 maart 2024',
    );
    expect(countryName('BE', 'nl')).toBe('België');
  });
});
