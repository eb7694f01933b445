import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Collection } from '@memoria/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn } from '../../test/render';
import { collection, me, person } from './test-support';
import { openLazyMenu } from '../../test/lazy-menu';

const toasts = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('../../ui/toast-queue', () => ({
  show: toasts.show,
  toastsRequested: () => false,
  subscribeToasts: () => () => {},
  loadToastContainer: () => Promise.resolve({}),
}));

beforeEach(() => toasts.show.mockReset());
afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 8000 };

interface Setup {
  rules?: Record<string, boolean>;
  profile?: Record<string, unknown>;
  /** fields of the account itself (user_type, subscription flags) */
  account?: Record<string, unknown>;
  list?: Collection[];
  detail?: Collection;
  contacts?: 'fail' | ReturnType<typeof person>[];
  groups?: string[];
  save?: (body: unknown) => Response;
}

function serve(setup: Setup = {}) {
  return mockApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/profile') return me(setup.rules, setup.profile, setup.account);
    if (url === '/api/user/7/collection?itemsPerPage=10000') return json(200, setup.list ?? []);
    if (url === '/api/collection/groups') return json(200, setup.groups ?? []);
    if (url.startsWith('/api/user/connection')) {
      if (setup.contacts === 'fail') return json(500, { message: 'down' });
      return json(200, {
        'hydra:member': (setup.contacts ?? []).map((user, i) => ({ id: i + 1, user })),
        'hydra:totalItems': setup.contacts?.length ?? 0,
      });
    }
    if (setup.detail && url === `/api/collection/${setup.detail.id}` && method === 'GET') {
      return json(200, setup.detail);
    }
    if ((url === '/api/collection' && method === 'POST') || method === 'PUT') {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      return setup.save?.(body) ?? json(201, { ...collection(), ...(body as object) });
    }
    return undefined;
  });
}

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('collection-create', {}, SLOW));
  await screen.findByTestId('collection-form', {}, SLOW);
  return user;
}

async function openEdit(target: Collection) {
  const user = userEvent.setup();
  await openLazyMenu(user, () => screen.getByTestId(`collection-menu-${target.id}`), SLOW.timeout);
  await user.click(await screen.findByTestId('collection-menu-edit'));
  await screen.findByTestId('collection-form', {}, SLOW);
  return user;
}

const checked = (testId: string) => screen.getByTestId(testId).getAttribute('aria-checked');
const sent = (calls: { url: string; method: string; body: unknown }[], method: string) =>
  calls.find((call) => call.method === method && call.url.startsWith('/api/collection'))?.body;

describe('collection dialog', { timeout: 30000 }, () => {
  it('creates a private collection with trimmed names once something changed', async () => {
    signIn();
    const calls = serve({ groups: ['Holidays', 'Work', 'Family holidays'] });
    const { router } = await renderApp('/collections');
    const user = await openCreate();
    const save = screen.getByTestId('form-save');
    expect(save).toBeDisabled();
    expect(checked('visibility-private')).toBe('true');

    await user.type(screen.getByTestId('form-name'), '  Trips  ');
    expect(save).toBeEnabled();
    const group = screen.getByTestId('form-group-name');
    await user.type(group, 'HOLI');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Holidays', 'Family holidays']);
    await user.type(group, 'days ');
    await user.click(save);

    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    expect(sent(calls, 'POST')).toMatchObject({
      name: 'Trips',
      group_name: 'HOLIdays',
      type: 'private',
      users_per_collection: [],
      is_collaboration: false,
      collaboration_on_checklist: false,
    });
    await waitFor(() =>
      expect(toasts.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Collection created', color: 'teal' }),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('collection-form')).toBeNull());
    // and the new collection opens
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/collections\/Coll\d{6}$/),
    );
  });

  it('shows collectionPublicDisabledHint when the account may not create public ones', async () => {
    signIn();
    serve({ rules: { public_profile: false } });
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-public'));
    const hint = await screen.findByTestId('plan-hint');
    expect(hint).toHaveAttribute('data-hint', 'collectionPublicDisabledHint');
    expect(screen.getByTestId('plan-hint-upgrade')).toHaveAttribute(
      'href',
      '/account-settings/subscriptions',
    );
    expect(checked('visibility-public')).toBe('false');
    expect(checked('visibility-private')).toBe('true');
  });

  it('shows collectionPublicLinkLimitHint from the fourth public collection without silver', async () => {
    signIn();
    const publics = [1, 2, 3].map(() => collection({ type: 'public' }));
    serve({ list: publics });
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-public'));
    expect(await screen.findByTestId('plan-hint')).toHaveAttribute(
      'data-hint',
      'collectionPublicLinkLimitHint',
    );
    // the subscription prompt of the gate, linking to the plan that lifts the limit
    expect(screen.getByTestId('subscription-required')).toHaveAttribute(
      'data-gate',
      'publicCollections',
    );
    expect(checked('visibility-public')).toBe('false');
  });

  it('lets a silver user make a further public collection', async () => {
    signIn();
    const publics = [1, 2, 3].map(() => collection({ type: 'public' }));
    serve({ list: publics, rules: { silver: true, has_subscription: true } });
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-public'));
    expect(checked('visibility-public')).toBe('true');
    expect(screen.queryByTestId('plan-hint')).toBeNull();
    // collaboration is not offered for public collections
    expect(screen.getByTestId('collaboration-unavailable')).toBeInTheDocument();
  });

  it.each([
    ['a workspace account', { user_type: 'workspace', workspace_type: 'workspace' }],
    ['a professional (Silver) account', { user_has_professional_subscription: true }],
  ])('lets %s make a further public collection without the silver flag', async (_name, account) => {
    signIn();
    const publics = [1, 2, 3].map(() => collection({ type: 'public' }));
    serve({ list: publics, account });
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-public'));
    expect(checked('visibility-public')).toBe('true');
    expect(screen.queryByTestId('plan-hint')).toBeNull();
  });

  it('asks for a subscription for followers and collaboration', async () => {
    signIn();
    serve();
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-all_contacts'));
    await user.click(screen.getByTestId('visibility-followers'));
    expect(await screen.findByTestId('plan-hint')).toHaveAttribute('data-hint', 'followers');
    expect(screen.getByTestId('visibility-followers')).not.toBeChecked();
    // Escape closes the hint only; the dialog stays
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('plan-hint')).toBeNull());
    expect(screen.getByTestId('collection-form')).toBeInTheDocument();
    await user.click(screen.getByTestId('form-collaboration'));
    expect(await screen.findByTestId('plan-hint')).toHaveAttribute('data-hint', 'collaboration');
    expect(screen.getByTestId('form-collaboration')).not.toBeChecked();
  });

  it('applies the collaboration rules and sends the options', async () => {
    signIn();
    const calls = serve({ rules: { has_subscription: true } });
    await renderApp('/collections');
    const user = await openCreate();
    await user.type(screen.getByTestId('form-name'), 'Team');
    await user.click(screen.getByTestId('visibility-all_contacts'));
    await user.click(screen.getByTestId('form-collaboration'));
    await user.click(screen.getByTestId('form-checklist'));
    expect(screen.getByTestId('form-allow-replace')).toBeDisabled();
    await user.click(screen.getByTestId('form-allow-add'));
    await user.click(screen.getByTestId('form-allow-replace'));
    await user.click(screen.getByTestId('form-preserve'));
    expect(screen.getByTestId('form-preserve')).toBeChecked();
    // allow_add off forces the chain off
    await user.click(screen.getByTestId('form-allow-add'));
    expect(screen.getByTestId('form-allow-replace')).not.toBeChecked();
    expect(screen.getByTestId('form-preserve')).not.toBeChecked();
    await user.click(screen.getByTestId('form-allow-add'));

    // followers turn collaboration off; back to all contacts keeps it off
    await user.click(screen.getByTestId('visibility-followers'));
    expect(screen.getByTestId('collaboration-unavailable')).toBeInTheDocument();
    await user.click(screen.getByTestId('visibility-followers'));
    expect(screen.getByTestId('form-collaboration')).not.toBeChecked();
    await user.click(screen.getByTestId('form-collaboration'));

    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    expect(sent(calls, 'POST')).toMatchObject({
      type: 'all_contacts',
      is_collaboration: true,
      collaboration_on_checklist: false,
      allow_add_documents: true,
      allow_replace_documents: false,
      preserve_documents_version: false,
    });
  });

  it('reverts to private when all contacts is chosen again', async () => {
    signIn();
    serve();
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-all_contacts'));
    expect(checked('visibility-all_contacts')).toBe('true');
    await user.click(screen.getByTestId('visibility-all_contacts'));
    expect(checked('visibility-private')).toBe('true');
  });

  it('sends the selected people as user IRIs and reverts to private when none are left', async () => {
    signIn();
    const picture = '/api/user/photo/3?variant=220w';
    const calls = serve({ contacts: [person(8, 'Bo Berg'), { ...person(9, 'Cy Ames'), picture }] });
    await renderApp('/collections');
    const user = await openCreate();
    await user.type(screen.getByTestId('form-name'), 'Few');
    await user.click(screen.getByTestId('visibility-selected_contacts'));
    const picker = screen.getByTestId('form-contacts');
    await user.click(picker);
    // each contact with their account picture, or initials
    const cy = await screen.findByRole('option', { name: 'Cy Ames' });
    expect(cy.querySelector('img')).toHaveAttribute('src', picture);
    const bo = screen.getByRole('option', { name: 'Bo Berg' });
    expect(bo.querySelector('img')).toBeNull();
    expect(bo).toHaveTextContent('BO');
    await user.click(await screen.findByRole('option', { name: 'Cy Ames' }));
    expect(checked('visibility-selected_contacts')).toBe('true');
    // removing the last person (Backspace in the picker) makes the collection private
    await user.type(screen.getByTestId('form-contacts'), '{Backspace}');
    expect(checked('visibility-private')).toBe('true');
    await user.click(screen.getByTestId('visibility-selected_contacts'));
    await user.click(screen.getByTestId('form-contacts'));
    await user.click(await screen.findByRole('option', { name: 'Cy Ames' }));
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    expect(sent(calls, 'POST')).toMatchObject({
      type: 'selected_contacts',
      users_per_collection: ['/api/user/9'],
    });
  });

  it('keeps working when the contacts cannot be loaded', async () => {
    signIn();
    serve({ contacts: 'fail' });
    await renderApp('/collections');
    const user = await openCreate();
    await user.click(screen.getByTestId('visibility-selected_contacts'));
    expect(await screen.findByTestId('contacts-unavailable')).toBeInTheDocument();
  });

  it('maps 422 violations onto the fields and shows an error toast', async () => {
    signIn();
    serve({
      save: () =>
        json(422, {
          status: 422,
          violations: [
            { propertyPath: 'name', message: 'That name is taken.' },
            { propertyPath: 'type', message: 'Public collections need a subscription.' },
          ],
        }),
    });
    await renderApp('/collections');
    const user = await openCreate();
    await user.type(screen.getByTestId('form-name'), 'Taken');
    await user.click(screen.getByTestId('form-save'));
    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    expect(screen.getByTestId('error-type')).toHaveTextContent(
      'Public collections need a subscription.',
    );
    expect(toasts.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'That name is taken.', color: 'red' }),
    );
    // the dialog stays open; changing the name clears its error
    await user.type(screen.getByTestId('form-name'), '!');
    expect(screen.queryByText('That name is taken.')).toBeNull();
  });

  it('edits: save stays disabled until something differs from the stored collection', async () => {
    signIn();
    const stored = collection({
      name: 'Garden',
      type: 'selected_contacts',
      users_per_collection: [{ id: 1, user: person(8, 'Bo Berg') }],
    });
    const calls = serve({ list: [stored], detail: stored, contacts: [person(8, 'Bo Berg')] });
    await renderApp('/collections');
    const user = await openEdit(stored);
    const name = screen.getByTestId('form-name');
    expect(name).toHaveValue('Garden');
    const save = screen.getByTestId('form-save');
    expect(save).toBeDisabled();
    await user.type(name, 'x');
    expect(save).toBeEnabled();
    await user.type(name, '{Backspace}');
    expect(save).toBeDisabled();
    await user.click(screen.getByTestId('visibility-private'));
    await user.click(save);
    await waitFor(() => expect(sent(calls, 'PUT')).toBeDefined());
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe(`/api/collection/${stored.id}`);
    expect(sent(calls, 'PUT')).toMatchObject({ type: 'private', users_per_collection: [] });
    await waitFor(() =>
      expect(toasts.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Collection updated' }),
      ),
    );
  });

  it('warns before making a collection public while the public profile is off', async () => {
    signIn();
    const stored = collection({ name: 'Recipes', type: 'private' });
    const calls = serve({
      list: [stored],
      detail: stored,
      profile: { public_profile_enabled: false },
    });
    await renderApp('/collections');
    const user = await openEdit(stored);
    await user.click(screen.getByTestId('visibility-public'));
    await user.click(screen.getByTestId('form-save'));
    const warning = await screen.findByTestId('public-profile-warning');
    expect(within(warning).getByRole('link', { name: 'Public account settings' })).toHaveAttribute(
      'href',
      '/public-account-settings',
    );
    expect(sent(calls, 'PUT')).toBeUndefined();
    await user.click(screen.getByTestId('public-profile-warning-confirm'));
    await waitFor(() => expect(sent(calls, 'PUT')).toMatchObject({ type: 'public' }));
  });
});
