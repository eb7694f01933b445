import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredPending } from './deferred-pending';

type Status = 'pending' | 'error' | 'success';

describe('a query status shown after a deferred render', () => {
  it('keeps the loader while pending and lets it go once the answer is rendered', async () => {
    const { result, rerender } = renderHook(
      ({ status }: { status: Status }) => useDeferredPending(status),
      { initialProps: { status: 'pending' as Status } },
    );
    expect(result.current).toBe(true);
    rerender({ status: 'success' });
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('shows the loader at once when the query goes back to pending', () => {
    const { result, rerender } = renderHook(
      ({ status }: { status: Status }) => useDeferredPending(status),
      { initialProps: { status: 'success' as Status } },
    );
    expect(result.current).toBe(false);
    rerender({ status: 'pending' });
    expect(result.current).toBe(true);
  });

  it('an answer already there on the first render shows at once', () => {
    const { result } = renderHook(() => useDeferredPending('error'));
    expect(result.current).toBe(false);
  });
});
