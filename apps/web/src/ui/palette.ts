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
