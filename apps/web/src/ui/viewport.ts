import { useMatches } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@memoria/domain';

/**
 * Screen-size hooks that read the media query while rendering. Mantine's default answers
 * `false` (or the base value) first and the real answer in an effect, which suits server
 * rendering, which this app does not do: the page rendered first for the wrong size and then
 * again, moving under the reader (a layout shift) and under a click (docs/PERFORMANCE.md,
 * Lighthouse: the fifth round).
 */
const NOW = { getInitialValueInEffect: false } as const;

const em = (px: number) => `${px / 16}em`;

/** True from the breakpoint's width up (spec breakpoints, packages/domain). */
export function useWiderThan(breakpoint: keyof typeof BREAKPOINTS, extraPx = 0): boolean {
  return useMediaQuery(`(min-width: ${em(BREAKPOINTS[breakpoint] + extraPx)})`, true, NOW);
}

/** True up to the breakpoint's width. */
export function useNarrowerThan(breakpoint: keyof typeof BREAKPOINTS): boolean {
  return useMediaQuery(`(max-width: ${em(BREAKPOINTS[breakpoint])})`, false, NOW);
}

/** Mantine's useMatches, read while rendering. */
export function useViewportMatches<T>(payload: Parameters<typeof useMatches<T>>[0]): T {
  return useMatches(payload, NOW);
}
