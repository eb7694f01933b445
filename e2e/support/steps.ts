import { test } from '@playwright/test';

/** The kinds of set-up work support/timing-reporter.ts counts apart. */
export type StepKind = 'sign-up' | 'mail' | 'cli' | 'context';

/**
 * Runs a set-up helper as a named step ("kind: detail"), so the HTML/JSON reports and the
 * timing table (support/timing-reporter.ts) show where a journey's time goes. Boxed: a
 * failure points at the journey's line, not inside the helper.
 */
export function step<T>(kind: StepKind, detail: string, body: () => Promise<T>): Promise<T> {
  return test.step(`${kind}: ${detail}`, body, { box: true });
}
