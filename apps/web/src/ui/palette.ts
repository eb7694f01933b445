import type { MantineColorsTuple } from '@mantine/core';

function parseHex(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(from: [number, number, number], to: number, amount: number): string {
  return toHex(from.map((c) => c + (to - c) * amount));
}

/**
 * Ten shades around the user's colour for Mantine's primary colour: index 6 is the colour
 * itself (the shade Mantine uses for filled elements in light mode), lighter shades mix in
 * white, darker shades mix in black.
 */
export function paletteFromHex(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const lighter = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17].map((a) => mix(rgb, 255, a));
  const darker = [0.14, 0.28, 0.42].map((a) => mix(rgb, 0, a));
  return [...lighter, toHex(rgb), ...darker] as unknown as MantineColorsTuple;
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with `amount` (0 to 1) of black. */
export function darker(hex: string, amount: number): string {
  return mix(parseHex(hex), 0, amount);
}

/** WCAG AA for body text. */
export const READABLE_RATIO = 4.5;

/** `hex` mixed with black in steps of 5 % until it reads on `background` (AA). */
export function darkenUntilReadable(hex: string, background: string): string {
  const rgb = parseHex(hex);
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = mix(rgb, 0, amount);
    if (contrastRatio(candidate, background) >= READABLE_RATIO) return candidate;
  }
  return '#000000';
}

/**
 * A fill that white text reads on (AA), for filled buttons and badges: the palette's shade
 * `from`, or the first darker one that reads, or shade 9 darkened until it does.
 */
export function readableFill(palette: readonly string[], from: number): string {
  const shade = palette.slice(from).find((c) => contrastRatio('#ffffff', c) >= READABLE_RATIO);
  return shade ?? darkenUntilReadable(palette[palette.length - 1]!, '#ffffff');
}
