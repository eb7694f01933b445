import { SUBSCRIPTION } from '@memoria/domain';

/**
 * The wait before the subscription modal asks for its plans (queries.ts, useProducts): the
 * modal's opening animation runs undisturbed. A module of its own so that tests can shorten
 * it; one test keeps the real wait (subscriptions.test.tsx).
 */
export function plansDelay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SUBSCRIPTION.plansLoadDelayMs));
}
