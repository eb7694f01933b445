import { describe, expect, it } from 'vitest';
import { countryFromLanguages } from './country-options';

describe('the country a sign-up starts with', () => {
  it.each([
    [['nl-NL'], 'NL'],
    [['fr-BE', 'fr'], 'BE'],
    [['de-AT'], 'AT'],
    [['en-US'], 'US'],
    [['en-IE', 'en'], 'IE'],
    [['pt-br'], 'BR'],
    // without a region: the language's main country
    [['fr'], 'FR'],
    [['uk'], 'UA'],
    [['pl'], 'PL'],
    [['es'], 'ES'],
    [['en'], 'US'],
    // a later tag's region wins over the first tag's likely country
    [['fr', 'fr-BE'], 'BE'],
  ])('%j gives %s', (tags, country) => {
    expect(countryFromLanguages(tags)).toBe(country);
  });

  it('skips what names no country offered and gives nothing when none fits', () => {
    expect(countryFromLanguages(['es-419', 'de'])).toBe('DE');
    expect(countryFromLanguages(['not a tag!', 'nl'])).toBe('NL');
    expect(countryFromLanguages(['eo'])).toBe('');
    expect(countryFromLanguages([])).toBe('');
  });
});
