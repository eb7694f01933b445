import { describe, expect, it } from 'vitest';
import { canSelectLocation, draftOf, toLocation } from './location-rules';

const saved = { latitude: 51.05, longitude: 3.72, zoom: 12, description: 'Ghent' };

describe('location selection', () => {
  it('needs latitude and longitude', () => {
    expect(canSelectLocation(draftOf(null), null)).toBe(false);
    expect(canSelectLocation({ ...draftOf(null), latitude: 1 }, null)).toBe(false);
    expect(canSelectLocation({ ...draftOf(null), latitude: 1, longitude: 2 }, null)).toBe(true);
  });

  it('needs a change of zoom, coordinates or description', () => {
    const draft = draftOf(saved);
    expect(canSelectLocation(draft, saved)).toBe(false);
    expect(canSelectLocation({ ...draft, zoom: 13 }, saved)).toBe(true);
    expect(canSelectLocation({ ...draft, latitude: 51.06 }, saved)).toBe(true);
    expect(canSelectLocation({ ...draft, longitude: 3.7 }, saved)).toBe(true);
    expect(canSelectLocation({ ...draft, description: 'Gent' }, saved)).toBe(true);
    expect(canSelectLocation({ ...draft, description: ' Ghent ' }, saved)).toBe(false);
  });

  it('starts at the default zoom 5 and writes a clean location', () => {
    expect(draftOf(null).zoom).toBe(5);
    expect(
      toLocation({ latitude: 51.123456789, longitude: 183.5, zoom: 7.4, description: '  ' }),
    ).toEqual({ latitude: 51.1234568, longitude: -176.5, zoom: 7, description: null });
    expect(toLocation(draftOf(null))).toBeNull();
  });
});
