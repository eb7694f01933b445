import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_FLAG, ChunkLoadError, loadChunk } from './lazy-page';

describe('route chunk loading', () => {
  it('resolves a loaded chunk', async () => {
    await expect(loadChunk(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });

  it('reloads the page once per session on failure', async () => {
    const reload = vi.fn();
    const pending = loadChunk(() => Promise.reject(new Error('404')), reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');
    // Still pending: the reload takes over.
    let settled = false;
    void pending.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
  });

  it('throws ChunkLoadError after the one reload', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const reload = vi.fn();
    await expect(loadChunk(() => Promise.reject(new Error('404')), reload)).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('times out a chunk that never arrives', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    void loadChunk(() => new Promise(() => {}), reload, 120000);
    await vi.advanceTimersByTimeAsync(119999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
