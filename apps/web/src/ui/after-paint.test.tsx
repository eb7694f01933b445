import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterPaint } from './after-paint';

afterEach(() => vi.useRealTimers());

describe('AfterPaint', () => {
  it('renders nothing in the first commit and its children once a frame has been drawn', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    render(
      <div data-testid="host">
        <AfterPaint>
          <p>later</p>
        </AfterPaint>
      </div>,
    );
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
    // the frame, then the task after it
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('later')).toBeInTheDocument();
  });

  it('does not wait for ever where no frame is drawn', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    render(
      <AfterPaint>
        <p>later</p>
      </AfterPaint>,
    );
    expect(screen.queryByText('later')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('later')).toBeInTheDocument();
  });
});
