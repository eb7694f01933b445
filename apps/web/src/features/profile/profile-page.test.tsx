import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Collection, PublicProfile } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { collection } from '../collections/test-support';
import { hydra } from '../connections/test-support';
// For its document.fonts stand-in (autosize textareas in the connect dialog).
import { sharedCollections } from './shared-collections';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 45_000 });
const slow = { timeout: 20_000 };

function profile(extra: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 9,
    '@id': '/api/user/9',
    profile_id: 9,
    name: 'Grace Hopper',
    name_official: 'Grace Brewster Hopper',
    user_identified: true,
    picture: null,
    label: 'GH',
    user_type: 'normal',
    workspace_type: null,
    description: 'Compilers and nanoseconds.',
    function: 'Rear admiral',
    organization_name: 'US Navy',
    location: 'Arlington',
    country: 'US',
    usermail: null,
    phone: null,
    address: null,
    website: 'example.org/grace',
    linkedin: null,
    accent_color: null,
    slug: null,
    banner: null,
    public_picture: null,
    cover: null,
    cta_button_title: null,
    cta_button_url: null,
    cta_button_font_color: null,
    cta_button_color: null,
    following_status: null,
    follows_you: false,
    connection: null,
    is_connected: false,
    connections_require_product_id: null,
    connection_message_required: false,
    connection_message_hint: null,
    user_has_public_profile: true,
    public_profile_enabled: true,
    enable_direct_messages: true,
    memo_copy_allowed: true,
    memo_comments_allowed: true,
    allow_reactions: true,
    require_identification_for_comments: false,
    user_can_create_public_collection: true,
    user_has_professional_subscription: false,
    user_has_extended_subscription: false,
    favourite_id: null,
    counts: { connections: 12, followers: 1500, delegations: 0, followings: 3 },
    isOwner: false,
    ...extra,
  };
}

const collectionOf = (id: string, extra: Partial<Collection> = {}): Collection =>
  collection({ id, name: `Collection ${id}`, ...extra });

describe('profile page', () => {
  it('shows the person, their counts, follows and sends a connection request', async () => {
    signIn();
    let following = false;
    const calls = mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/9/combined') {
        return json(200, profile({ following_status: following ? 'active' : null }));
      }
      if (url.startsWith('/api/user/9/collection'))
        return json(200, hydra([collectionOf('AAAAAAAAAA', { isOwner: false })]));
      if (url === '/api/follow') {
        following = true;
        return json(201, {});
      }
      if (url === '/api/connection-direct') return json(201, {});
      return undefined;
    });
    await renderApp('/profile/9');
    expect(await screen.findByTestId('profile-name', {}, slow)).toHaveTextContent('Grace Hopper');
    expect(screen.getByTestId('verified-badge')).toBeInTheDocument();
    expect(screen.getByTestId('stat-followers')).toHaveTextContent('1.5k');
    expect(await screen.findByText('Collection AAAAAAAAAA', {}, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('profile-tab-members')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('profile-follow'));
    await waitFor(() => expect(screen.getByTestId('profile-follow')).toHaveTextContent('Unfollow'));
    expect(calls.find((call) => call.url === '/api/follow')?.body).toEqual({
      following: '/api/user/9',
    });

    await user.click(screen.getByTestId('profile-connect'));
    await user.type(await screen.findByTestId('connect-message'), 'Hi Grace');
    await user.click(screen.getByTestId('connect-send'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/connection-direct')?.body).toEqual({
        user_outbound: '/api/user/9',
        personal_message: 'Hi Grace',
      }),
    );
  });

  it('asks for the mandatory message before sending a request', async () => {
    signIn();
    const calls = mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/9/combined') {
        return json(
          200,
          profile({
            connection_message_required: true,
            connection_message_hint: 'Say where we met',
          }),
        );
      }
      if (url.startsWith('/api/user/9/collection')) return json(200, hydra([]));
      return undefined;
    });
    await renderApp('/profile/9');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('profile-connect', {}, slow));
    expect(await screen.findByText('Say where we met')).toBeInTheDocument();
    await user.click(screen.getByTestId('connect-send'));
    expect(await screen.findByText('A personal message is required.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/connection-direct')).toBe(false);
  });

  it('shows the not-found page for an unknown or blocked person', async () => {
    signIn();
    mockApi((url) => {
      if (url === '/api/profile') return json(200, testUser());
      if (url === '/api/user/404/combined') return json(404, { message: 'User not found' });
      return undefined;
    });
    await renderApp('/profile/404');
    expect(await screen.findByTestId('error-page-404', {}, slow)).toHaveTextContent(
      'This user does not exist.',
    );
  });

  it('sends a visitor on the public profile to log in and back', async () => {
    const picture = '/api/user/photo/3?variant=220w';
    mockApi((url) => {
      if (url === '/api/p/user/9') return json(200, profile({ picture, accent_color: '#0b7285' }));
      if (url.startsWith('/api/p/user/9/collection')) return json(200, hydra([]));
      return undefined;
    });
    await renderApp('/p/profile/9');
    const follow = await screen.findByTestId('public-follow', {}, slow);
    expect(follow.getAttribute('href')).toBe('/auth?redirect=%2Fprofile%2F9');
    expect(screen.getByTestId('public-connect').getAttribute('href')).toBe(
      '/auth?redirect=%2Fprofile%2F9',
    );
    // the public card under the header does not repeat the account picture
    expect(screen.getByTestId('public-card')).toBeInTheDocument();
    expect(screen.queryByTestId('public-card-picture')).toBeNull();
    expect(document.querySelectorAll(`img[src="${picture}"]`)).toHaveLength(1);
  });
});

describe('sharedCollections', () => {
  const grace = { id: 9, is_connected: true, follows_you: false, user_identified: false };
  it('keeps own collections whose audience holds the person, and their collaborations', () => {
    const mine = [
      collectionOf('SELECTED01', {
        type: 'selected_contacts',
        users_per_collection: [
          { id: 1, user: { id: 9, '@id': '/api/user/9', name: 'G', picture: null, label: 'G' } },
        ],
      }),
      collectionOf('SELECTED02', { type: 'selected_contacts' }),
      collectionOf('ALLCONTACT', { type: 'all_contacts' }),
      collectionOf('VERIFIED01', { type: 'identified_contacts' }),
      collectionOf('PUBLIC0001', { type: 'public' }),
      collectionOf('PRIVATE001', { type: 'private' }),
      collectionOf('THEIRS0001', {
        isOwner: false,
        author: { id: 9, '@id': '/api/user/9', name: 'G', picture: null, label: 'G' },
      }),
      collectionOf('OTHERS0001', {
        isOwner: false,
        author: { id: 5, '@id': '/api/user/5', name: 'X', picture: null, label: 'X' },
      }),
    ];
    expect(sharedCollections(mine, grace).map((c) => c.id)).toEqual([
      'SELECTED01',
      'ALLCONTACT',
      'THEIRS0001',
    ]);
    expect(sharedCollections(mine, { ...grace, user_identified: true }).map((c) => c.id)).toContain(
      'VERIFIED01',
    );
    expect(sharedCollections(mine, { ...grace, is_connected: false }).map((c) => c.id)).toEqual([
      'SELECTED01',
      'THEIRS0001',
    ]);
  });
});
