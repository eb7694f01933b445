import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Collection } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn } from '../../test/render';
import { collection, me, person } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const BO = person(8, 'Bo Berg');
const CY = person(9, 'Cy Ames');

function serve(list: Collection[]) {
  return mockApi((url) => {
    if (url === '/api/profile') return me();
    if (url === '/api/user/7/collection?itemsPerPage=10000') return json(200, list);
    return undefined;
  });
}

const own = (count: number, names?: string[]) =>
  Array.from({ length: count }, (_, i) => collection({ name: names?.[i] ?? `Own ${i + 1}` }));

const theirs = (count: number, author = BO) =>
  Array.from({ length: count }, (_, i) =>
    collection({
      name: `${author.name} shared ${i + 1}`,
      author,
      isOwner: false,
      type: '',
      is_collaboration: true,
    }),
  );

/** The first render loads the page chunk, which takes a while on a cold test run. */
const SLOW = { timeout: 8000 };

const cards = () => screen.queryAllByTestId(/^collection-card-/);

describe('collection list', { timeout: 20000 }, () => {
  it('switches from an empty own tab to collaboration and names the authors', async () => {
    signIn();
    serve(theirs(2));
    const { router } = await renderApp('/collections');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/collections/collaboration'),
      SLOW,
    );
    expect(await screen.findByTestId('tab-collaboration')).toHaveAttribute('aria-selected', 'true');
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByTestId('collection-author')).toHaveTextContent('by Bo Berg');
  });

  it('stays on own when it has items and hides the author on own cards', async () => {
    signIn();
    serve([...own(1), ...theirs(1)]);
    const { router } = await renderApp('/collections');
    expect(await screen.findByText('Own 1', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collections');
    expect(screen.getByTestId('tab-own')).toHaveAttribute('aria-selected', 'true');
    expect(within(cards()[0]!).queryByTestId('collection-author')).toBeNull();
  });

  it('shows the empty own state when there is nothing at all', async () => {
    signIn();
    serve([]);
    const { router } = await renderApp('/collections');
    expect(await screen.findByTestId('collections-empty-own', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collections');
  });

  it('shows 3 items first, then all with show more, and 3 again with show less', async () => {
    signIn();
    serve(own(15));
    await renderApp('/collections');
    await screen.findByText('Own 1', {}, SLOW);
    expect(screen.getByTestId('collections-flat')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(screen.queryByTestId('collections-search')).toBeNull();
    const user = userEvent.setup();
    const toggle = screen.getByTestId('collections-toggle');
    expect(toggle).toHaveTextContent('Show 12 more');
    await user.click(toggle);
    expect(cards()).toHaveLength(15);
    expect(toggle).toHaveTextContent('Show less');
    await user.click(toggle);
    expect(cards()).toHaveLength(3);
  });

  it('offers no toggle for 3 items or fewer', async () => {
    signIn();
    serve(own(3));
    await renderApp('/collections');
    await screen.findByText('Own 3', {}, SLOW);
    expect(cards()).toHaveLength(3);
    expect(screen.queryByTestId('collections-toggle')).toBeNull();
  });

  it('adds the search bar and groups by author above 15 items', async () => {
    signIn();
    serve([...theirs(9, CY), ...theirs(7, BO)]);
    await renderApp('/collections/collaboration');
    const search = await screen.findByTestId('collections-search', {}, SLOW);
    const grouped = screen.getByTestId('collections-grouped');
    const headings = within(grouped).getAllByRole('heading');
    // groups in author-name order, each with its count
    expect(headings.map((heading) => heading.textContent)).toEqual(['Bo Berg(7)', 'Cy Ames(9)']);
    expect(cards()).toHaveLength(16);

    const user = userEvent.setup();
    await user.type(search, 'CY AMES SHARED 1');
    // 1 and 10+ do not exist for Cy (9 items): only "shared 1"
    await waitFor(() => expect(cards()).toHaveLength(1));
    // a filtered result of 15 or fewer is a flat list again
    expect(screen.getByTestId('collections-flat')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByTestId('collections-no-match')).toBeInTheDocument();
  });

  it('keeps the search bar away at exactly 15 items', async () => {
    signIn();
    serve(own(16).slice(0, 15));
    await renderApp('/collections');
    await screen.findByTestId('collections-flat', {}, SLOW);
    expect(screen.queryByTestId('collections-search')).toBeNull();
  });

  it('navigates between the tabs', async () => {
    signIn();
    serve([...own(1), ...theirs(1)]);
    const { router } = await renderApp('/collections');
    await screen.findByText('Own 1', {}, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-collaboration'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/collaboration'));
    expect(await screen.findByText('Bo Berg shared 1')).toBeInTheDocument();
  });

  it('marks a collection as favourite from its card', async () => {
    signIn();
    const target = collection({ id: 'Favour0001', name: 'Loved' });
    let favourites: unknown[] = [];
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return me();
      if (url === '/api/user/7/collection?itemsPerPage=10000') return json(200, [target]);
      if (url.startsWith('/api/favourite-collection') && init.method === 'POST') {
        favourites = [{ id: 31, collectionId: target.id, type: 'collection' }];
        return json(201, favourites[0]);
      }
      if (url.startsWith('/api/favourite-collection')) {
        return json(200, { 'hydra:member': favourites, 'hydra:totalItems': favourites.length });
      }
      return undefined;
    });
    await renderApp('/collections');
    const star = await screen.findByTestId('collection-favourite-Favour0001', {}, SLOW);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      collection: '/api/collection/Favour0001',
    });
  });
});
