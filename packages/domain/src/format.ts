/**
 * The large-number format of docs/RULES.md, Limits: 999, 1k, 1.5k, 10k, 1M. One decimal below ten
 * units, none above; trailing ".0" dropped.
 */
export function formatLargeNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const units: Array<[number, string]> = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = abs / size;
      const rounded = scaled < 10 ? Math.floor(scaled * 10) / 10 : Math.floor(scaled);
      return `${sign}${String(rounded).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return `${sign}${abs}`;
}
