import { useEffect } from 'react';

/** What Mantine calls the hidden textarea it measures autosized text fields with. */
const MANTINE_LABEL = 'autosize measurement';
const MARK = 'data-autosize-measurement';

/**
 * Gives Mantine's measuring textarea (a direct child of body, made on first use and labelled
 * in English once) the label in the user's language; marked, so a later language finds it.
 */
export function labelMeasuringTextarea(body: HTMLElement, label: string): void {
  for (const child of body.children) {
    if (!(child instanceof HTMLTextAreaElement)) continue;
    if (child.getAttribute('aria-label') !== MANTINE_LABEL && !child.hasAttribute(MARK)) continue;
    child.setAttribute(MARK, '');
    if (child.getAttribute('aria-label') !== label) child.setAttribute('aria-label', label);
  }
}

/** Keeps the measuring textarea labelled in `label`'s language while the app runs. */
export function useAutosizeMeasurementLabel(label: string): void {
  useEffect(() => {
    labelMeasuringTextarea(document.body, label);
    const observer = new MutationObserver(() => labelMeasuringTextarea(document.body, label));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [label]);
}
