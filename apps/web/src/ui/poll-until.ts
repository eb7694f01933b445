import { TIMINGS } from '@memoria/domain';

/** The wait ran out (docs/SCREENS.md, Identity verification): the caller may try again. */
export class PollTimeout extends Error {
  readonly retry = true;
  constructor() {
    super('Timeout');
    this.name = 'PollTimeout';
  }
}

export interface PollOptions {
  firstMs?: number;
  everyMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Calls `check` after `firstMs`, then every `everyMs`, until it answers a value other than
 * undefined; rejects with PollTimeout after `timeoutMs` (defaults: 1 s, 3 s, 120 s), with
 * whatever `check` throws, or with the signal's reason when aborted.
 */
export function pollUntil<T>(
  check: () => Promise<T | undefined>,
  {
    firstMs = TIMINGS.pollFirstCallMs,
    everyMs = TIMINGS.pollIntervalMs,
    timeoutMs = TIMINGS.pollTimeoutMs,
    signal,
  }: PollOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    const tick = async () => {
      try {
        const value = await check();
        if (signal?.aborted) return;
        if (value !== undefined) {
          done();
          return resolve(value);
        }
        if (Date.now() - started + everyMs > timeoutMs) {
          done();
          return reject(new PollTimeout());
        }
        timer = setTimeout(() => void tick(), everyMs);
      } catch (error) {
        done();
        reject(error);
      }
    };
    timer = setTimeout(() => void tick(), firstMs);
  });
}
