import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedMediaQueryList } from '../test/match-media';

const library = vi.hoisted(() => ({ loads: 0 }));

// The gesture itself is the library's; what is ours is when it loads and how it wraps a list.
vi.mock('react-simple-pull-to-refresh', () => {
  library.loads += 1;
  return {
    default: ({ children }: { children: ReactNode }) => <div data-testid="pull">{children}</div>,
  };
});

let mounts = 0;

function List() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <ul data-testid="list" />;
}

/** The module as a page load on this kind of screen evaluates it. */
async function freshModule(touchScreen: boolean) {
  vi.resetModules();
  window.matchMedia = (query: string) =>
    fixedMediaQueryList(query, touchScreen && query === '(pointer: coarse)');
  return import('./infinite-list-pull');
}

const refresh = () => Promise.resolve();

afterEach(() => {
  mounts = 0;
  library.loads = 0;
  window.matchMedia = (query: string) => fixedMediaQueryList(query, false);
});

describe('pull to refresh', () => {
  it('on a touch screen, loads with the lists and wraps a list drawn after it from the start', async () => {
    const { PullToRefresh } = await freshModule(true);
    await vi.dynamicImportSettled();
    expect(library.loads).toBe(1);
    render(
      <PullToRefresh onRefresh={refresh}>
        <List />
      </PullToRefresh>,
    );
    expect(screen.getByTestId('pull')).toContainElement(screen.getByTestId('list'));
    expect(mounts).toBe(1);
  });

  it('wraps a list drawn before the library arrived once it does', async () => {
    const { PullToRefresh } = await freshModule(true);
    render(
      <PullToRefresh onRefresh={refresh}>
        <List />
      </PullToRefresh>,
    );
    expect(screen.queryByTestId('pull')).toBeNull();
    expect(screen.getByTestId('list')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('pull')).toContainElement(screen.getByTestId('list')),
    );
  });

  it('with a mouse, neither loads the library nor wraps the list', async () => {
    const { PullToRefresh } = await freshModule(false);
    await vi.dynamicImportSettled();
    render(
      <PullToRefresh onRefresh={refresh}>
        <List />
      </PullToRefresh>,
    );
    expect(library.loads).toBe(0);
    expect(screen.queryByTestId('pull')).toBeNull();
    expect(mounts).toBe(1);
  });
});
