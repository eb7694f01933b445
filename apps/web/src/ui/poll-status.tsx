import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PollTimeout, pollUntil } from './poll-until';
import { errorText } from './toasts';

/**
 * Where a flow that leaves for another site and then waits for its answer stands (the
 * identity service's sign-in and name check, docs/notes/identity-verification.md): nothing
 * yet, leaving, waiting (polling), failed with a message, or out of time.
 */
export type PollState =
  | { kind: 'idle' }
  | { kind: 'leaving' }
  | { kind: 'waiting' }
  | { kind: 'failed'; message: string }
  | { kind: 'timeout' };

export interface PollWhileWaiting<T> {
  /** one ask; undefined means "not yet" */
  check: () => Promise<T | undefined>;
  onAnswer: (value: T) => void;
  setState: (next: PollState) => void;
  /** after a timeout or an error, before the state changes (e.g. to forget a secret) */
  onStop?: () => void;
  timeoutMs?: number;
}

/**
 * While `state` is waiting, asks `check` with pollUntil (1 s, then every 3 s, until the
 * timeout) and hands over its answer; a timeout or an error becomes the next state. Leaving
 * the waiting state or the page stops the polling.
 */
export function usePollWhileWaiting<T>(
  state: PollState,
  { check, onAnswer, setState, onStop, timeoutMs }: PollWhileWaiting<T>,
): void {
  const waiting = state.kind === 'waiting';
  useEffect(() => {
    if (!waiting) return undefined;
    const controller = new AbortController();
    pollUntil(check, { timeoutMs, signal: controller.signal }).then(onAnswer, (error: unknown) => {
      if (controller.signal.aborted) return;
      onStop?.();
      setState(
        error instanceof PollTimeout
          ? { kind: 'timeout' }
          : { kind: 'failed', message: errorText(error) },
      );
    });
    return () => controller.abort();
    // the callbacks are the page's for its whole life; the poll starts once per waiting state
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per waiting state
  }, [waiting]);
}

/**
 * What the person sees of a PollState: a spinner with `waitingText` while waiting (a status
 * for screen readers), the failure as an alert, and the timeout as an alert with, when
 * `onWaitAgain` is given, a button to wait once more. Test ids: `{testId}-waiting`, `-error`,
 * `-timeout`, `-wait-again`.
 */
export function PollStatus({
  state,
  testId,
  waitingText,
  timeoutText,
  onWaitAgain,
  waitAgainLabel,
}: {
  state: PollState;
  testId: string;
  waitingText: string;
  timeoutText: string;
  onWaitAgain?: () => void;
  waitAgainLabel?: string;
}) {
  return (
    <>
      {state.kind === 'waiting' && (
        <Group gap="sm" role="status" data-testid={`${testId}-waiting`}>
          <Loader size="sm" />
          <Text>{waitingText}</Text>
        </Group>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert" data-testid={`${testId}-error`}>
          {state.message}
        </Alert>
      )}
      {state.kind === 'timeout' && (
        <Alert color="yellow" role="alert" data-testid={`${testId}-timeout`}>
          <Text size="sm">{timeoutText}</Text>
          {onWaitAgain && (
            <Button
              mt="sm"
              size="xs"
              variant="light"
              onClick={onWaitAgain}
              data-testid={`${testId}-wait-again`}
            >
              {waitAgainLabel}
            </Button>
          )}
        </Alert>
      )}
    </>
  );
}
