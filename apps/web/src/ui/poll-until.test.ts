import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollTimeout, pollUntil } from './poll-until';

describe('pollUntil', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1 s before the first call, then asks every 3 s until there is an answer', async () => {
    const answers = [undefined, undefined, 'done'];
    const check = vi.fn(async () => answers.shift());
    const result = pollUntil(check);
    await vi.advanceTimersByTimeAsync(999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('done');
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('gives up with a Timeout that may be retried after 120 s', async () => {
    const check = vi.fn(async () => undefined);
    const result = pollUntil(check);
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(125_000);
    const error = await settled;
    expect(error).toBeInstanceOf(PollTimeout);
    expect((error as PollTimeout).retry).toBe(true);
    // 1 s, then every 3 s while the next call still falls within 120 s
    expect(check).toHaveBeenCalledTimes(40);
  });

  it('stops on an error of the check and when aborted', async () => {
    const failing = pollUntil(async () => {
      throw new Error('broken');
    });
    const failed = failing.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await failed) as Error).message).toBe('broken');

    const controller = new AbortController();
    const check = vi.fn(async () => undefined);
    const aborted = pollUntil(check, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).not.toHaveBeenCalled();
    expect(((await aborted) as Error).name).toBe('AbortError');
  });
});
