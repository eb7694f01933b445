import { describe, expect, it } from 'vitest';
import { normaliseCustomColour } from '@memoria/domain';
import { withHash } from '../features/account/colour-field';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, darkenUntilReadable, paletteFromHex, readableFill } from './palette';
import { buildTheme, cssVariablesResolver } from './theme';

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

  it('uses the documented breakpoints', () => {
    expect(buildTheme(null).breakpoints).toEqual({
      xs: '35.9375em',
      sm: '47.9375em',
      md: '61.9375em',
      lg: '68.75em',
      xl: '78.0625em',
    });
  });
});

describe('readable colours (WCAG AA, 4.5:1)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // Mantine's red-7 under white text, the delete button before the fix
    expect(contrastRatio('#ffffff', '#f03e3e')).toBeCloseTo(3.84, 2);
  });

  it('darkens a text colour until it reads on its background', () => {
    // green avatar initials: green-9 on green-1 is 3.8:1
    const text = darkenUntilReadable('#2b8a3e', '#d3f9d8');
    expect(contrastRatio(text, '#d3f9d8')).toBeGreaterThanOrEqual(4.5);
    expect(darkenUntilReadable('#1a1b1e', '#ffffff')).toBe('#1a1b1e');
  });

  it('fills with the first shade white text reads on, or a darkened shade 9', () => {
    const { red, indigo, yellow } = DEFAULT_THEME.colors;
    expect(readableFill(indigo, 7)).toBe(indigo[7]);
    expect(readableFill(red, 7)).toBe(red[8]);
    const fill = readableFill(yellow, 7);
    expect(contrastRatio('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
  });

  it("overrides only the theme's colour variables that would not read", () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(null));
    const { light, dark } = cssVariablesResolver(theme);
    expect(light['--mantine-color-red-filled']).toBe(DEFAULT_THEME.colors.red[8]);
    expect(light['--mantine-color-indigo-filled']).toBeUndefined();
    const initials = light['--mantine-color-green-light-color']!;
    expect(contrastRatio(initials, DEFAULT_THEME.colors.green[1])).toBeGreaterThanOrEqual(4.5);
    expect(dark['--mantine-color-dimmed']).toBe('#a3a3a3');
  });
});

describe("Mantine's own labels", () => {
  it('come from the labels handed to the theme (the user language)', () => {
    const theme = buildTheme(null, {
      close: 'Schließen',
      togglePassword: 'Passwort anzeigen oder verbergen',
    });
    expect(theme.components?.CloseButton?.defaultProps).toEqual({ 'aria-label': 'Schließen' });
    expect(theme.components?.PasswordInput?.defaultProps).toEqual({
      visibilityToggleButtonProps: { 'aria-label': 'Passwort anzeigen oder verbergen' },
    });
  });
});
