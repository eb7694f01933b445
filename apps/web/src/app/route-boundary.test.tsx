import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { ChunkLoadError } from '../ui/lazy-page';
import { RouteBoundary } from './route-boundary';

function Broken(): never {
  throw new ChunkLoadError('gone');
}

function Table() {
  return useRoutes([
    {
      element: (
        <div>
          <Link to="/fine">fine</Link>
          <RouteBoundary>
            <Outlet />
          </RouteBoundary>
        </div>
      ),
      children: [
        { path: 'broken', element: <Broken /> },
        { path: 'fine', element: <p>all good</p> },
      ],
    },
  ]);
}

describe('RouteBoundary', () => {
  it('shows the error in place of the route, keeps the layout, and clears on navigation', async () => {
    await initI18n('en');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/broken']}>
          <Table />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fine' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'fine' }));
    expect(await screen.findByText('all good')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    quiet.mockRestore();
  });
});
