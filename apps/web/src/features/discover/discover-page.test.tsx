import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { json, mockApi, signIn, testUser, renderWidget } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { DiscoverPage } from './discover-page';

afterEach(() => vi.unstubAllGlobals());

const hydra = (member: unknown[], total = member.length) => ({
  '@context': '/api/contexts/Collection',
  '@id': '/api/discover',
  '@type': 'hydra:Collection',
  'hydra:member': member,
  'hydra:totalItems': total,
});

const person = (id: number, name: string, following = false) => ({
  ...testUser(name),
  id,
  '@id': `/api/user/${id}`,
  name,
  label: name.slice(0, 2).toUpperCase(),
  picture: null,
  user_identified: false,
  is_connected: false,
  following_status: following ? 'active' : null,
  function: 'Gardener',
  organization_name: null,
  location: 'Ghent',
  description: null,
});

function page() {
  return (
    <Routes>
      <Route path="/discover" element={<DiscoverPage />} />
      <Route path="/discover/:tab" element={<DiscoverPage />} />
    </Routes>
  );
}

describe('discover page', { timeout: 20_000 }, () => {
  it('shows a visitor the public posts (asked without a token), and people on their tab', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    const tokens: unknown[] = [];
    const calls = mockApi((url, init) => {
      if (url.startsWith('/api/discover')) {
        tokens.push(new Headers(init?.headers).get('authorization'));
      }
      if (url.startsWith('/api/discover/people')) return json(200, hydra([person(3, 'Bruno')]));
      if (url.startsWith('/api/discover')) {
        return json(200, hydra([memoFixture({ id: 5, title: 'A public walk' })]));
      }
      return undefined;
    });
    await renderWidget(page(), { path: '/discover' });
    await waitFor(() =>
      expect(screen.getAllByTestId('memo-card-title').map((n) => n.textContent)).toEqual([
        'A public walk',
      ]),
    );
    expect(screen.getByTestId('list-over').textContent).toBe('You have seen all public posts.');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'People' }));
    const card = await screen.findByTestId('discover-person');
    expect(card.textContent).toContain('Bruno');
    expect(card.textContent).toContain('Gardener · Ghent');
    expect(
      screen.getByRole('link', { name: 'View the profile of Bruno' }).getAttribute('href'),
    ).toBe('/p/profile/3');
    // the name is cut short when too long; its title holds it in full
    expect(screen.getByRole('link', { name: 'View the profile of Bruno' })).toHaveAttribute(
      'title',
      'Bruno',
    );
    expect(screen.getByRole('link', { name: 'Sign in to follow' })).toBeTruthy();
    const discoverCalls = calls.filter((call) => call.url.startsWith('/api/discover'));
    expect(discoverCalls.length).toBe(2);
    expect(tokens).toEqual([null, null]);
  });

  it('lets a signed-in person follow from the people tab', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    signIn();
    let following = false;
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/follow' && init?.method === 'POST') {
        following = true;
        return json(201, { id: 1 });
      }
      if (url.startsWith('/api/discover/people')) {
        return json(200, hydra([person(3, 'Bruno', following)]));
      }
      return undefined;
    });
    await renderWidget(page(), { path: '/discover/people' });
    const button = await screen.findByTestId('discover-follow');
    expect(button.textContent).toBe('Follow');
    await userEvent.setup().click(button);
    await waitFor(() => expect(screen.getByTestId('discover-follow').textContent).toBe('Unfollow'));
    const follow = calls.find((call) => call.url === '/api/follow');
    expect(follow?.body).toEqual({ following: '/api/user/3' });
  });

  it('offers something to do when nobody has a public profile, to visitors and members', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url.startsWith('/api/discover/people')) return json(200, hydra([]));
      return undefined;
    });
    const visitor = await renderWidget(page(), { path: '/discover/people' });
    await screen.findByTestId('discover-people-empty');
    expect(screen.getByText(/once they make their profile public/)).toBeInTheDocument();
    expect(screen.getByTestId('discover-people-signup')).toHaveAttribute('href', '/auth/signup');
    expect(screen.getByTestId('discover-people-posts')).toHaveAttribute('href', '/discover/posts');
    expect(screen.queryByTestId('discover-people-invite')).not.toBeInTheDocument();
    visitor.unmount();

    signIn();
    await renderWidget(page(), { path: '/discover/people' });
    const invite = await screen.findByTestId('discover-people-invite');
    expect(invite).toHaveAttribute('href', '/connections');
    expect(invite).toHaveTextContent('Invite people');
    expect(screen.getByTestId('discover-people-posts')).toHaveAttribute('href', '/discover/posts');
    expect(screen.queryByTestId('discover-people-signup')).not.toBeInTheDocument();
  });

  it('shows a visitor the public posts of a hashtag, asked without a token', async () => {
    await loadNamespaces('feed', 'memos', 'media', 'engagement');
    const soup = memoFixture({ id: 9, title: 'Soup night', memo_tags: ['waterzooi'] });
    const tokens: unknown[] = [];
    const calls = mockApi((url, init) => {
      if (!url.startsWith('/api/discover?')) return undefined;
      tokens.push(new Headers(init?.headers).get('authorization'));
      return json(200, hydra([soup]));
    });
    await renderWidget(page(), { path: '/discover/posts?search=waterzooi' });
    expect(await screen.findByTestId('discover-search')).toHaveTextContent(
      'Public posts with #waterzooi',
    );
    expect(await screen.findByText('Soup night')).toBeInTheDocument();
    const asked = calls.find((call) => call.url.startsWith('/api/discover?'));
    expect(new URL(asked!.url, 'http://x').searchParams.get('search')).toBe('waterzooi');
    expect(tokens).toEqual([null]);
    // its tags search the public posts again, never the sign-in page
    expect(screen.getByTestId('memo-tag')).toHaveAttribute(
      'href',
      '/discover/posts?search=waterzooi',
    );
    expect(screen.getByRole('link', { name: 'Show all posts' })).toHaveAttribute(
      'href',
      '/discover/posts',
    );
  });
});
