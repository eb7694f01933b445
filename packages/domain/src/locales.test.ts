import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeFromTag } from './locales.js';

describe('localeFromTag', () => {
  it('maps the documented pairs: fr gives fr_be, en gives en, nl gives nl', () => {
    expect(localeFromTag('fr')).toBe('fr_be');
    expect(localeFromTag('fr-FR')).toBe('fr_be');
    expect(localeFromTag('en-US')).toBe('en');
    expect(localeFromTag('nl-BE')).toBe('nl');
  });

  it('maps our other shipped languages to themselves and unknown ones to nothing', () => {
    expect(localeFromTag('de-AT')).toBe('de');
    expect(localeFromTag('uk')).toBe('uk');
    expect(localeFromTag('fr_be')).toBe('fr_be');
    expect(localeFromTag('ja')).toBeUndefined();
    expect(localeFromTag('')).toBeUndefined();
  });
});

describe('localeFromAcceptLanguage', () => {
  it('honours quality order and falls back to en', () => {
    expect(localeFromAcceptLanguage('ja, pl;q=0.8, de;q=0.9')).toBe('de');
    expect(localeFromAcceptLanguage('ja')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('nl;q=0, es')).toBe('es');
  });
});
