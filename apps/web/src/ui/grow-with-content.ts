import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Whether the browser sizes a text box to its content itself (CSS `field-sizing: content`,
 * Chromium 123+, Safari 26+). Where it does, the box's stylesheet is all there is to it.
 */
export function fieldSizingSupported(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('field-sizing', 'content')
    : false;
}

/** Sets a text box's height to its content's; its CSS min-height and max-height bound it. */
export function fitToContent(box: HTMLTextAreaElement): void {
  box.style.height = 'auto';
  const borders = box.offsetHeight - box.clientHeight;
  box.style.height = `${box.scrollHeight + borders}px`;
}

/**
 * A text box that grows with its text (docs/PERFORMANCE.md, Lighthouse, seventh round). The
 * stylesheet does it where `field-sizing: content` is supported; elsewhere the box is measured
 * after its text changes, never while it is empty and untouched: an empty box is its CSS
 * min-height, so mounting one costs no forced layout. The element is the same throughout
 * (no remount: the caret and the focus stay).
 */
export function useGrowWithContent(box: RefObject<HTMLTextAreaElement | null>, value: string) {
  const measured = useRef(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || fieldSizingSupported()) return;
    if (!measured.current && value === '') return;
    measured.current = true;
    fitToContent(element);
  }, [box, value]);
}
