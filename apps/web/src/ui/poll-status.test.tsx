import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/render';
import { PollStatus, usePollWhileWaiting, type PollState } from './poll-status';

afterEach(() => vi.useRealTimers());

function Flow({
  check,
  onAnswer,
  onStop,
}: {
  check: () => Promise<string | undefined>;
  onAnswer: (value: string) => void;
  onStop?: () => void;
}) {
  const [state, setState] = useState<PollState>({ kind: 'waiting' });
  usePollWhileWaiting(state, { check, onAnswer, onStop, setState, timeoutMs: 10_000 });
  return (
    <PollStatus
      state={state}
      testId="flow"
      waitingText="Waiting for the service"
      timeoutText="No answer yet"
      onWaitAgain={() => setState({ kind: 'waiting' })}
      waitAgainLabel="Wait again"
    />
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the shared polling state', () => {
  it('asks after 1 s, then every 3 s, and hands over the answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const service = { answer: undefined as string | undefined };
    const check = vi.fn(() => Promise.resolve(service.answer));
    const onAnswer = vi.fn();
    await renderWidget(<Flow check={check} onAnswer={onAnswer} />);
    expect(screen.getByTestId('flow-waiting')).toHaveTextContent('Waiting for the service');
    await advance(1000);
    expect(check).toHaveBeenCalledTimes(1);
    service.answer = 'done';
    await advance(3000);
    expect(onAnswer).toHaveBeenCalledWith('done');
  });

  it('out of time: the timeout alert and its button wait once more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const check = vi.fn(() => Promise.resolve(undefined));
    const onStop = vi.fn();
    await renderWidget(<Flow check={check} onAnswer={vi.fn()} onStop={onStop} />);
    await advance(11_000);
    expect(screen.getByTestId('flow-timeout')).toHaveTextContent('No answer yet');
    expect(screen.queryByTestId('flow-waiting')).toBeNull();
    expect(onStop).toHaveBeenCalledTimes(1);
    const asked = check.mock.calls.length;
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Wait again' }));
    expect(await screen.findByTestId('flow-waiting')).toBeInTheDocument();
    await screen.findByText('Waiting for the service');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(check.mock.calls.length).toBeGreaterThan(asked);
  });

  it('an error becomes the failed state with its message', async () => {
    const check = vi.fn(() => Promise.reject(new Error('Service unavailable')));
    await renderWidget(<Flow check={check} onAnswer={vi.fn()} />);
    expect(await screen.findByTestId('flow-error', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('Wait again');
  });
});
