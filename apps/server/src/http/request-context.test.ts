import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '@memoria/domain';
import { localeOf } from './request-context.js';

describe('localeOf', () => {
  it('reads an Accept-Language value as the domain does, again and past its bound', () => {
    const headers = [
      undefined,
      '',
      'de-DE,de;q=0.9,en;q=0.8',
      'fr;q=0.1, nl',
      'xx, yy;q=0.5',
      'nl;q=0',
      `${'x'.repeat(300)}, de`,
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const header of headers) {
        expect([header, localeOf(header)]).toEqual([header, localeFromAcceptLanguage(header)]);
      }
      // more distinct values than are kept: the answers stay the domain's
      for (let i = 0; i < 300; i += 1) {
        const header = i % 2 === 0 ? `x${i}, de;q=0.5` : `nl, x${i}`;
        expect(localeOf(header)).toBe(localeFromAcceptLanguage(header));
      }
    }
  });
});
