import {
  createTheme,
  type CSSVariablesResolver,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import { BREAKPOINTS, normaliseCustomColour } from '@memoria/domain';
import { darker, darkenUntilReadable, paletteFromHex, readableFill } from './palette';
import { PAGE_WIDTHS } from './page-width';

const em = (px: number) => `${px / 16}em`;

/** Light mode uses indigo-7: white text on indigo-6 is 4.3:1, below WCAG AA; on indigo-7 5:1. */
const DEFAULT_PRIMARY = { primaryColor: 'indigo', primaryShade: { light: 7, dark: 8 } } as const;

/** The labels Mantine's components would otherwise say in English, in the user's language. */
export interface ThemeLabels {
  /** the × of dialogs, drawers and toasts */
  close: string;
  /** the eye of password fields */
  togglePassword: string;
}

/** For tests that render without the app's providers. */
const ENGLISH_LABELS: ThemeLabels = { close: 'Close', togglePassword: 'Show or hide the password' };

/**
 * Base theme: the breakpoints of docs/SCREENS.md, Layout, a visible focus ring everywhere, named
 * close buttons and password eyes, and links underlined (colour alone does not set a link
 * apart from the text around it, WCAG 1.4.1).
 */
export function buildTheme(
  customColour: string | null | undefined,
  labels: ThemeLabels = ENGLISH_LABELS,
): MantineThemeOverride {
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
    // Dialogs, menus and toasts appear without their transitions for people who ask their
    // system for less motion (WCAG 2.3.3).
    respectReducedMotion: true,
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Plain objects, not Component.extend(): importing the components here would put them
    // all in the first screen's JavaScript.
    components: {
      CloseButton: { defaultProps: { 'aria-label': labels.close } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } },
      },
      Anchor: { defaultProps: { underline: 'always' } },
      // Mantine puts a role="presentation" focus catcher first in the menu; a menu may hold
      // only items. The first item takes the focus instead.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A dialog's header is no page banner (at phone size the page has its own).
      Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
      Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
      // A spinner's "Loading…" label needs a role to be read (a bare span may not be named).
      Loader: { defaultProps: { role: 'status' } },
    },
    // A valid custom colour becomes the primary colour; otherwise the default comes back.
    ...(colour
      ? { colors: { custom: paletteFromHex(colour) }, primaryColor: 'custom', primaryShade: 6 }
      : DEFAULT_PRIMARY),
  });
}

type Scheme = 'light' | 'dark';

function primaryShadeOf(theme: MantineTheme, scheme: Scheme): number {
  return typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
}

/**
 * Mantine's colour variables where its own fail WCAG AA: a filled button or badge whose
 * white text reads below 4.5:1 (red, green, orange … at the primary shade) gets a darker
 * fill; in light mode the text of the light variant (shade 9 on shade 1, e.g. green avatar
 * initials at 3.8:1, teal badges at 4.3:1) is darkened until it reads.
 */
function readableColourVariables(theme: MantineTheme, scheme: Scheme): Record<string, string> {
  const variables: Record<string, string> = {};
  const shade = primaryShadeOf(theme, scheme);
  for (const [name, palette] of Object.entries(theme.colors)) {
    const fill = readableFill(palette, shade);
    if (fill !== palette[shade]) {
      variables[`--mantine-color-${name}-filled`] = fill;
      variables[`--mantine-color-${name}-filled-hover`] = darker(fill, 0.1);
    }
    if (scheme === 'light') {
      variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(
        palette[9]!,
        palette[1]!,
      );
    }
  }
  return variables;
}

/**
 * Mantine's dimmed grey is below the WCAG AA 4.5:1 for small text (gray-6 on white 3.3:1,
 * dark-2 on dark-7 4.0:1), and secondary texts, hints and the bottom bar use it. These greys
 * stay visibly lighter than body text and reach about 6:1 (light) and 6.1:1 (dark; 5.2:1 on
 * an unread notification's blue).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  // the page widths (page-width.ts), one set for every page
  variables: Object.fromEntries(
    Object.entries(PAGE_WIDTHS).map(([name, width]) => [`--page-width-${name}`, width]),
  ),
  light: { '--mantine-color-dimmed': '#5c636a', ...readableColourVariables(theme, 'light') },
  dark: { '--mantine-color-dimmed': '#a3a3a3', ...readableColourVariables(theme, 'dark') },
});
