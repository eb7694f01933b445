import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('computes a key once, and forgets everything when full', () => {
    const asked: string[] = [];
    const upper = boundedMemo((key: string) => {
      asked.push(key);
      return key.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(asked).toEqual(['a', 'b']);
    expect(upper('c')).toBe('C'); // full: emptied, then c kept
    expect(upper('a')).toBe('A');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
