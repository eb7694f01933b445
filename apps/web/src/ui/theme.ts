import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS, normaliseCustomColour } from '@memoria/domain';
import { paletteFromHex } from './palette';

const em = (px: number) => `${px / 16}em`;

/** Light mode uses indigo-7: white text on indigo-6 is 4.3:1, below WCAG AA; on indigo-7 5:1. */
const DEFAULT_PRIMARY = { primaryColor: 'indigo', primaryShade: { light: 7, dark: 8 } } as const;

/** Base theme: the spec's breakpoints (part 1 §2.3) and a visible focus ring everywhere. */
export function buildTheme(customColour: string | null | undefined): MantineThemeOverride {
  const colour = customColour ? normaliseCustomColour(customColour) : undefined;
  return createTheme({
    breakpoints: {
      xs: em(BREAKPOINTS.xs),
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
      xl: em(BREAKPOINTS.xl),
    },
    focusRing: 'auto',
    defaultRadius: 'md',
    cursorType: 'pointer',
    // A valid custom colour becomes the primary colour; otherwise the default comes back.
    ...(colour
      ? { colors: { custom: paletteFromHex(colour) }, primaryColor: 'custom', primaryShade: 6 }
      : DEFAULT_PRIMARY),
  });
}

/**
 * Mantine's dimmed grey is below the WCAG AA 4.5:1 for small text (gray-6 on white 3.3:1,
 * dark-2 on dark-7 4.0:1), and secondary texts, hints and the bottom bar use it. These greys
 * stay visibly lighter than body text and reach about 6:1 (light) and 5.3:1 (dark).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': '#969696' },
});
