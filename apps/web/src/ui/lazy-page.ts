import { createElement, lazy, useState, type ComponentType } from 'react';
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

/** A page component that loads its chunk on first render, or earlier through `preload`. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named page export, with the chunk rules above. `preload` starts the load;
 * a page whose chunk is in by its first render renders at once instead of suspending (main.tsx
 * loads the first screen's pages before the first render: docs/PERFORMANCE.md, Lighthouse:
 * the fifth round). Each instance keeps the component it started with, so a page that did
 * suspend is not mounted again once its chunk is in.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  importer: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () =>
    (loading ??= loadChunk(importer).then((module) => {
      loaded = module[name] as ComponentType;
      return { default: loaded };
    }));
  const Lazy = lazy(load);
  function Page(props: Record<string, never>) {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Page.preload = load;
  return Page;
}
