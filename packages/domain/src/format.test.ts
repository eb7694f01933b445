import { describe, expect, it } from 'vitest';
import { formatLargeNumber } from './format.js';

describe('formatLargeNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1999, '1.9k'],
    [10000, '10k'],
    [15400, '15k'],
    [999999, '999k'],
    [1000000, '1M'],
    [2500000, '2.5M'],
    [-1500, '-1.5k'],
  ])('%d → %s', (value, expected) => {
    expect(formatLargeNumber(value)).toBe(expected);
  });
});
