import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Collection } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn } from '../../test/render';
import { memoFixture } from '../memos/test-support';
import { collection, me, person } from './test-support';

afterEach(() => vi.unstubAllGlobals());

// the first render of a collection waits for its memos and the card's chunk (first import)
const SLOW = { timeout: 15000 };
const ID = 'Garden0001';
const OWNER_PICTURE = '/api/user/photo/5?variant=220w';

function memo(id: number, title: string, pinned = false) {
  return memoFixture({
    id,
    title,
    description: '<p>Tomatoes <strong>and</strong> beans</p>',
    memo_tags: ['garden'],
    sequence_number: pinned ? 1 : 0,
  });
}

function serve(stored: Collection | number, members = 5) {
  return mockApi((url) => {
    if (url === '/api/profile') return me();
    if (url.startsWith(`/api/collection/${ID}?`) || url === `/api/collection/${ID}`) {
      return typeof stored === 'number'
        ? json(stored, { status: stored, detail: 'x', message: 'You may not see this.' })
        : json(200, stored);
    }
    if (
      url.startsWith(`/api/p/collection/${ID}/memo`) ||
      url.startsWith(`/api/collection/${ID}/memo`)
    ) {
      return json(200, {
        'hydra:member': [memo(1, 'Pinned plan', true), memo(2, 'Spring')],
        'hydra:totalItems': 2,
      });
    }
    if (url.startsWith(`/api/p/collection/${ID}`)) {
      return typeof stored === 'number' ? json(stored, { message: 'no' }) : json(200, stored);
    }
    if (url.startsWith(`/api/collection/${ID}/user`)) {
      const people = Array.from({ length: members }, (_, i) => ({
        id: i + 1,
        user: { ...person(10 + i, `Member ${i + 1}`), picture: i === 0 ? OWNER_PICTURE : null },
        role: i === 0 ? 'owner' : 'member',
      }));
      return json(200, { 'hydra:member': people, 'hydra:totalItems': members });
    }
    if (url.startsWith('/api/user/7/collection')) return json(200, []);
    return undefined;
  });
}

describe('collection page', { timeout: 30000 }, () => {
  it('shows the header, members with +N, the memos and the add action for the owner', async () => {
    signIn();
    serve(collection({ id: ID, name: 'Garden', description: 'Veg patch', memos_count: 2 }));
    await renderApp(`/collections/${ID}`);
    const header = await screen.findByTestId('collection-header', {}, SLOW);
    expect(within(header).getByRole('heading', { name: 'Garden' })).toBeInTheDocument();
    expect(header).toHaveTextContent('Veg patch');
    expect(header).toHaveTextContent('Only me');
    expect(await screen.findByTestId('collection-members-overflow')).toHaveTextContent('+2');
    // members show their account pictures, initials without one
    const stack = screen.getByTestId('collection-members');
    expect(within(stack).getByRole('img', { name: 'Member 1' })).toHaveAttribute(
      'src',
      OWNER_PICTURE,
    );
    expect(within(stack).queryByRole('img', { name: 'Member 2' })).toBeNull();
    // the pictured one shows no initials; the next two their label ("ME"), then +2
    expect(stack).toHaveTextContent(/^MEME\+2$/);
    expect(screen.getByTestId('collection-add-memo')).toBeInTheDocument();
    const memos = await screen.findAllByTestId('memo-card', {}, SLOW);
    expect(memos.map((card) => card.getAttribute('data-memo-id'))).toEqual(['1', '2']);
    expect(memos[0]).toHaveTextContent('Pinned plan');
    expect(within(memos[0]!).getByTestId('memo-pinned')).toBeInTheDocument();
    expect(screen.getByTestId('collection-documents-link')).toHaveAttribute(
      'href',
      `/collections/${ID}/documents`,
    );
    // "Add memo" opens the memo editor with this collection chosen
    await userEvent.setup().click(screen.getByTestId('collection-add-memo'));
    expect(
      await screen.findByTestId(`picker-chosen-${ID}`, {}, { timeout: 15000 }),
    ).toBeInTheDocument();
  });

  it('draws the header with its first memos in one commit, not before them', async () => {
    signIn();
    serve(collection({ id: ID, name: 'Garden', memos_count: 2 }));
    // what the page held at the moment its header first appeared
    let cardsWithHeader: number | undefined;
    const observer = new MutationObserver(() => {
      if (cardsWithHeader === undefined && screen.queryByTestId('collection-header')) {
        cardsWithHeader = screen.queryAllByTestId('memo-card').length;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await renderApp(`/collections/${ID}`);
      await screen.findByTestId('collection-header', {}, SLOW);
      await screen.findAllByTestId('memo-card', {}, SLOW);
    } finally {
      observer.disconnect();
    }
    expect(cardsWithHeader).toBe(2);
  });

  it('offers no add action to a reader who may not add', async () => {
    signIn();
    serve(
      collection({
        id: ID,
        name: 'Their garden',
        isOwner: false,
        type: '',
        author: person(8, 'Bo Berg'),
        can_add_memos: false,
      }),
    );
    await renderApp(`/collections/${ID}`);
    await screen.findByTestId('collection-header', {}, SLOW);
    expect(screen.getByTestId('collection-author-line')).toHaveTextContent('Bo Berg');
    expect(screen.getByTestId('collection-type')).toHaveTextContent('Shared with you');
    expect(screen.queryByTestId('collection-add-memo')).toBeNull();
  });

  it('names the collection on 404 and says access is denied on 403', async () => {
    signIn();
    serve(404);
    await renderApp(`/collections/${ID}`);
    expect(await screen.findByTestId('error-page-404', {}, SLOW)).toHaveTextContent(
      'This collection does not exist or was removed.',
    );
    vi.unstubAllGlobals();
    serve(403);
    await renderApp(`/collections/${ID}`);
    expect(await screen.findByTestId('error-page-403', {}, SLOW)).toHaveTextContent(
      'You may not see this.',
    );
  });

  it('shows the public collection to a visitor through /api/p with the secret token', async () => {
    const calls = serve(collection({ id: ID, name: 'Open garden', type: '', isOwner: false }));
    await renderApp(`/p/collections/${ID}?secure_token=tok`);
    await screen.findByTestId('collection-header', {}, SLOW);
    const memos = await screen.findAllByTestId('memo-card', {}, SLOW);
    expect(memos[1]).toHaveTextContent('Spring');
    const read = calls.find((call) => call.url.startsWith(`/api/p/collection/${ID}?`));
    expect(read?.url).toBe(`/api/p/collection/${ID}?collection_sec_link=tok`);
    // no menu, no add action and no members call for visitors
    expect(screen.queryByTestId(`collection-menu-${ID}`)).toBeNull();
    expect(screen.queryByTestId('collection-add-memo')).toBeNull();
    expect(calls.some((call) => call.url.includes('/user?'))).toBe(false);
  });

  it('names an author without a public profile without a link; links a public one', async () => {
    const author = person(5, 'Bo Berg');
    serve(collection({ id: ID, type: '', isOwner: false, author }));
    const first = await renderApp(`/p/collections/${ID}`);
    const name = await screen.findByTestId('collection-author', {}, SLOW);
    expect(name).toHaveTextContent('Bo Berg');
    expect(name.tagName).not.toBe('A');
    expect(within(screen.getByTestId('collection-author-line')).queryByRole('link')).toBeNull();
    // a hashtag searches the public posts, not the signed-in memos behind the sign-in page
    const tags = await screen.findAllByTestId('memo-tag', {}, SLOW);
    expect(tags[0]).toHaveAttribute('href', '/discover/posts?search=garden');
    first.unmount();

    serve(
      collection({ id: ID, type: '', isOwner: false, author, author_has_public_profile: true }),
    );
    await renderApp(`/p/collections/${ID}`);
    const link = await screen.findByTestId('collection-author', {}, SLOW);
    expect(link).toHaveAttribute('href', '/p/profile/5');
  });

  it('shows the invalid-public-link message when a secret link fails', async () => {
    serve(404);
    await renderApp(`/p/collections/${ID}?secure_token=old`);
    expect(await screen.findByTestId('error-page-404', {}, SLOW)).toHaveTextContent(
      'This public link is invalid or has expired.',
    );
  });
});
