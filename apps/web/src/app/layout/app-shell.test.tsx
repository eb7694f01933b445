import { AppShell as MantineAppShell, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../ui/theme';
import { APP_SHELL_CLASSES, AppShell } from './app-shell';

type Options = { desktop: boolean; opened: boolean; signedIn: boolean };

/** The layout's options (app-layout.tsx), for one viewport and menu state. */
function props({ desktop, opened, signedIn }: Options) {
  return {
    header: { height: 56, collapsed: desktop },
    navbar: { width: 280, breakpoint: 'lg' as const, collapsed: { mobile: !opened } },
    footer: { height: 64, collapsed: desktop || !signedIn },
    padding: 'md' as const,
  };
}

function html(node: ReactNode): string {
  const { container, unmount } = render(
    <MantineProvider theme={buildTheme(undefined)}>{node}</MantineProvider>,
  );
  const markup = container.innerHTML;
  unmount();
  // React ids differ between two renders; nothing else may.
  return markup.replace(/id="[^"]*"/g, 'id=""').replace(/#[^\s{]*\s*\{/g, '#id{');
}

describe('app shell', () => {
  it("uses Mantine's AppShell class names", () => {
    for (const [name, value] of Object.entries(APP_SHELL_CLASSES)) {
      expect(MantineAppShell.classes[name as keyof typeof MantineAppShell.classes]).toBe(value);
    }
  });

  const states: Options[] = [
    { desktop: true, opened: false, signedIn: true },
    { desktop: false, opened: false, signedIn: true },
    { desktop: false, opened: true, signedIn: true },
    { desktop: false, opened: false, signedIn: false },
  ];
  it.each(states)('renders what Mantine AppShell renders for the layout (%o)', (state) => {
    const mine = html(
      <AppShell {...props(state)}>
        <AppShell.Header>header</AppShell.Header>
        <AppShell.Navbar>menu</AppShell.Navbar>
        <AppShell.Main id="main">page</AppShell.Main>
        <AppShell.Footer hiddenFrom="lg">bar</AppShell.Footer>
      </AppShell>,
    );
    const mantine = html(
      <MantineAppShell {...props(state)}>
        <MantineAppShell.Header>header</MantineAppShell.Header>
        <MantineAppShell.Navbar>menu</MantineAppShell.Navbar>
        <MantineAppShell.Main id="main">page</MantineAppShell.Main>
        <MantineAppShell.Footer hiddenFrom="lg">bar</MantineAppShell.Footer>
      </MantineAppShell>,
    );
    expect(mine).toBe(mantine);
  });

  it('turns the transitions off while mounting and for a moment after a window resize', async () => {
    render(
      <MantineProvider theme={buildTheme(undefined)}>
        <AppShell {...props({ desktop: false, opened: false, signedIn: true })}>
          <AppShell.Main data-testid="shell-main">page</AppShell.Main>
        </AppShell>
      </MantineProvider>,
    );
    const root = screen.getByTestId('shell-main').parentElement as HTMLElement;
    expect(root).toHaveAttribute('data-resizing', 'true');
    await waitFor(() => expect(root).not.toHaveAttribute('data-resizing'));
    act(() => {
      fireEvent(window, new Event('resize'));
    });
    expect(root).toHaveAttribute('data-resizing', 'true');
    await waitFor(() => expect(root).not.toHaveAttribute('data-resizing'));
  });
});
