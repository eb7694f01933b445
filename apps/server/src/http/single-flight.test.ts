import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.js';

/** A load whose answers the test releases by hand, counting the calls. */
function manualLoad() {
  const calls: string[] = [];
  const waiting: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = (key: string) => {
    calls.push(key);
    return new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  return { load, calls, waiting };
}

describe('singleFlight', () => {
  it('shares one running load between callers of the same key, not of another key', async () => {
    const { load, calls, waiting } = manualLoad();
    const get = singleFlight(load);
    const first = get('a');
    const second = get('a');
    const other = get('b');
    expect(calls).toEqual(['a', 'b']);
    waiting[0]!.resolve('A');
    waiting[1]!.resolve('B');
    expect(await Promise.all([first, second, other])).toEqual(['A', 'A', 'B']);
  });

  it('serves a finished answer from the kept answers without loading again', async () => {
    const { load, calls, waiting } = manualLoad();
    const kept = new Map<string, string>();
    const get = singleFlight(load, kept);
    const first = get('a');
    waiting[0]!.resolve('A');
    await first;
    expect(kept.get('a')).toBe('A');
    expect(await get('a')).toBe('A');
    expect(calls).toEqual(['a']);
  });

  it('loads again once a load has finished when nothing keeps answers', async () => {
    const { load, calls, waiting } = manualLoad();
    const get = singleFlight(load);
    const first = get('a');
    waiting[0]!.resolve('A');
    await first;
    const second = get('a');
    waiting[1]!.resolve('A2');
    expect(await second).toBe('A2');
    expect(calls).toEqual(['a', 'a']);
  });

  it('keeps no failure: every caller of the failed load sees it, the next call tries again', async () => {
    const { load, calls, waiting } = manualLoad();
    const kept = new Map<string, string>();
    const get = singleFlight(load, kept);
    const first = get('a');
    const second = get('a');
    waiting[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    expect(kept.has('a')).toBe(false);
    const retry = get('a');
    waiting[1]!.resolve('A');
    expect(await retry).toBe('A');
    expect(calls).toEqual(['a', 'a']);
  });
});
