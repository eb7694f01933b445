import { lazy, type ComponentType } from 'react';
import { TIMINGS } from '@memoria/domain';

export const CHUNK_RELOAD_FLAG = 'chunk-reload';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(error));
      },
    );
  });
}

/**
 * Loads a route chunk. A failure (or the 120 s timeout) reloads the page once per browser
 * session (a new deploy replaced the chunk files); a second failure shows the error page.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
  timeoutMs: number = TIMINGS.chunkLoadTimeoutMs,
): Promise<T> {
  try {
    return await withTimeout(importer(), timeoutMs);
  } catch (error) {
    if (!sessionStorage.getItem(CHUNK_RELOAD_FLAG)) {
      sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
      reload();
      // Keep the suspense fallback up while the page reloads.
      return new Promise<T>(() => {});
    }
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
  }
}

/** React.lazy for a named page export, with the chunk rules above. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  importer: () => Promise<M>,
  name: K,
) {
  return lazy(() =>
    loadChunk(importer).then((module) => ({ default: module[name] as ComponentType })),
  );
}
