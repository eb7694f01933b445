/**
 * `compute` remembered per key, for pure functions asked the same few values on every request
 * (a browser's Accept-Language, the names on a memo page): docs/PERFORMANCE.md, "The fixed
 * cost of a signed-in read". Bounded, since the keys may come from callers: emptied when full.
 */
export function boundedMemo<K, V>(compute: (key: K) => V, maxKept: number): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute(key);
    if (kept.size >= maxKept) kept.clear();
    kept.set(key, value);
    return value;
  };
}
