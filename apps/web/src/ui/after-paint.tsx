import { useEffect, useState, type ReactNode } from 'react';

/** At the latest this long after mounting, even where no frame is drawn (a hidden tab). */
export const AFTER_PAINT_MAX_WAIT_MS = 1000;

/**
 * False until the browser has drawn the frame with the component's first commit, then true
 * (a frame callback, then a task after it). What waits for it (its chunks, its reads, its
 * render) no longer runs, nor is fetched, before that first paint: on a phone the first
 * paint of a memo or a collection is the page's largest, and what started before it delayed
 * it (docs/PERFORMANCE.md, Lighthouse, eighth round).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    const done = () => setPainted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            clearTimeout(fallback);
            timer = setTimeout(done, 0);
          })
        : undefined;
    const fallback = setTimeout(done, frame === undefined ? 0 : AFTER_PAINT_MAX_WAIT_MS);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** Renders its children once the first paint after mounting is on screen (useAfterPaint). */
export function AfterPaint({ children }: { children: ReactNode }) {
  return useAfterPaint() ? children : null;
}
