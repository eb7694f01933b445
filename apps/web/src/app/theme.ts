import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS, normaliseCustomColour } from '@memoria/domain';
import { paletteFromHex } from './palette';

const em = (px: number) => `${px / 16}em`;

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
      : { primaryColor: 'indigo' }),
  });
}
