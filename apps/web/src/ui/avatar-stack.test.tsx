import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AvatarStack, splitStack } from './avatar-stack';

const person = (id: number) => ({ id, name: `Person ${id}`, picture: null, label: `P${id}` });
const people = (count: number) => Array.from({ length: count }, (_, index) => person(index + 1));

function renderStack(count: number, total?: number) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>
        <AvatarStack people={people(count)} total={total} label="Members" data-testid="stack" />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('splitStack', () => {
  it('shows everyone up to the limit', () => {
    expect(splitStack(people(3), 3)).toEqual({ shown: people(3), overflow: 0 });
  });

  it('shows the fourth avatar instead of a +1 badge', () => {
    expect(splitStack(people(4), 3)).toEqual({ shown: people(4), overflow: 0 });
  });

  it('shows three avatars then +N from two extra on', () => {
    expect(splitStack(people(5), 3)).toEqual({ shown: people(3), overflow: 2 });
  });

  it('counts people not loaded yet through total', () => {
    expect(splitStack(people(3), 3, 4)).toEqual({ shown: people(3), overflow: 1 });
    expect(splitStack(people(10), 3, 120)).toEqual({ shown: people(3), overflow: 117 });
  });
});

describe('AvatarStack', () => {
  it('renders three initials and +N, named for screen readers', () => {
    renderStack(7);
    const group = screen.getByTestId('stack');
    expect(group).toHaveAttribute('aria-label', expect.stringContaining('Members: Person 1'));
    expect(within(group).getByText('P1')).toBeInTheDocument();
    expect(within(group).getByText('P3')).toBeInTheDocument();
    expect(within(group).queryByText('P4')).not.toBeInTheDocument();
    expect(screen.getByTestId('stack-overflow')).toHaveTextContent('+4');
  });

  it('links an avatar to its person when asked', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <AvatarStack people={[{ ...person(9), to: '/profile/9' }]} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText('P9').closest('a')).toHaveAttribute('href', '/profile/9');
  });

  it('has no overflow badge for a short list', () => {
    renderStack(2);
    expect(screen.queryByTestId('stack-overflow')).not.toBeInTheDocument();
  });
});
