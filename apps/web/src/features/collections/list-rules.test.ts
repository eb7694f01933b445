import { describe, expect, it } from 'vitest';
import { FLAT_FIRST, flatFirstCount } from './list-rules';

describe('collection list rules', () => {
  it('shows the rule’s first 3 in one column and two full rows from two columns on', () => {
    expect(FLAT_FIRST).toBe(3);
    expect(flatFirstCount(1)).toBe(3);
    expect(flatFirstCount(2)).toBe(4);
    expect(flatFirstCount(3)).toBe(6);
    expect(flatFirstCount(4)).toBe(8);
  });

  it('counts at least one column', () => {
    expect(flatFirstCount(0)).toBe(3);
    expect(flatFirstCount(2.5)).toBe(4);
  });
});
