import { describe, expect, it } from 'vitest';
import { normaliseCustomColour } from '@memoria/domain';
import { withHash } from '../features/account/colour-field';
import { paletteFromHex } from './palette';
import { buildTheme } from './theme';

describe('custom colour', () => {
  it('prefixes # on pasted hex and validates six digits', () => {
    expect(withHash('1c7ed6')).toBe('#1c7ed6');
    expect(withHash(' #1C7ED6 ')).toBe('#1C7ED6');
    expect(withHash('zz')).toBe('zz');
    expect(normaliseCustomColour('1C7ED6')).toBe('#1c7ed6');
    expect(normaliseCustomColour('#abc')).toBeUndefined();
    expect(normaliseCustomColour('#12345g')).toBeUndefined();
  });

  it('generates ten shades with the colour itself at index 6', () => {
    const palette = paletteFromHex('#1c7ed6');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#1c7ed6');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    // lighter towards 0, darker towards 9
    const lum = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16);
    expect(lum(palette[0]!)).toBeGreaterThan(lum(palette[6]!));
    expect(lum(palette[9]!)).toBeLessThan(lum(palette[6]!));
  });

  it('becomes the primary colour only when valid', () => {
    expect(buildTheme('#1c7ed6').primaryColor).toBe('custom');
    expect(buildTheme('1c7ed6').primaryColor).toBe('custom');
    expect(buildTheme('#12').primaryColor).toBe('indigo');
    expect(buildTheme(null).primaryColor).toBe('indigo');
  });

  it('uses the spec breakpoints', () => {
    expect(buildTheme(null).breakpoints).toEqual({
      xs: '35.9375em',
      sm: '47.9375em',
      md: '61.9375em',
      lg: '68.75em',
      xl: '78.0625em',
    });
  });
});
