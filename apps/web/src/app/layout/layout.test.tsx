import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BREAKPOINTS } from '@memoria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signIn, testUser } from '../../test/render';
import { readLanguageCookie } from '../../i18n/language';
import { initI18n } from '../../i18n';

const phoneMatchMedia = window.matchMedia;

/** From lg (1100 px) on: the media query the layout asks for matches. */
function desktopWidth() {
  const desktop = `(min-width: ${BREAKPOINTS.lg / 16}em)`;
  window.matchMedia = (query: string) => ({
    ...phoneMatchMedia(query),
    matches: query === desktop,
  });
}

afterEach(async () => {
  window.matchMedia = phoneMatchMedia;
  vi.unstubAllGlobals();
  await initI18n('en');
});

describe('layout', () => {
  it('switching language as a signed-in user patches the profile and shows Dutch', async () => {
    signIn();
    const calls = mockApi((url, init) => {
      if (url === '/api/profile') return json(200, testUser());
      if (init.method === 'PATCH') {
        const user = testUser();
        return json(200, { ...user, user_profile: { ...user.user_profile, locale: 'nl' } });
      }
      return undefined;
    });
    await renderApp('/');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('language-select'), 'nl');
    expect(await screen.findByText("Jouw memo's")).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ locale: 'nl' });
    expect(calls.find((call) => call.method === 'PATCH')?.url).toBe('/api/user/profile/7');
    expect(readLanguageCookie()).toBe('nl');
  });

  it('a visitor switches language without any call', async () => {
    const calls = mockApi(() => undefined);
    await renderApp('/auth');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('language-select'), 'nl');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    // the login page's one question, whether an identity provider is configured, is not the
    // switch's: the switch itself calls nothing
    expect(calls.filter((call) => call.url !== '/api/pim/provider')).toHaveLength(0);
  });

  it('tapping the active bottom-bar link reloads the view', async () => {
    signIn();
    const calls = mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : undefined));
    const { router } = await renderApp('/collections');
    const bar = await screen.findByTestId('bottom-bar', {}, { timeout: 8000 });
    const before = await screen.findByTestId('collections-page', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.click(within(bar).getByText('Collections'));
    await waitFor(() => expect(screen.getByTestId('collections-page')).not.toBe(before));
    expect(router.state.location.pathname).toBe('/collections');
    await user.click(within(bar).getByText('Discover'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    expect(calls.length).toBeGreaterThan(0);
  }, 15000);

  it('at desktop width the collapsed phone header has no Tab stops', async () => {
    desktopWidth();
    signIn();
    mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : undefined));
    await renderApp('/');
    await screen.findByTestId('side-menu');
    expect(screen.queryByTestId('menu-toggle')).toBeNull();
    expect(screen.queryByTestId('notification-bell-header')).toBeNull();
    expect(document.querySelector('header')).toBeNull();
    // the one "Memoria" link left is the side menu's
    expect(screen.getAllByRole('link', { name: 'Memoria' })).toHaveLength(1);
  });

  it('on a phone the header and its menu button work by keyboard', async () => {
    signIn();
    mockApi((url) => (url === '/api/profile' ? json(200, testUser()) : undefined));
    await renderApp('/');
    const toggle = await screen.findByTestId('menu-toggle');
    expect(
      within(document.querySelector('header')!).getByRole('link', { name: 'Memoria' }),
    ).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  // listWorkspaces: a main user with the admin or the workspaces right (docs/RULES.md)
  it.each([
    ['a main user', { user_type: 'main', rules: {} }, true],
    [
      'a main user with the workspaces right only',
      { user_type: 'main', rules: { admin: false } },
      true,
    ],
    [
      'a main user with neither right',
      { user_type: 'main', rules: { admin: false, workspaces: false } },
      false,
    ],
    ['a personal account', { user_type: 'normal', rules: {} }, false],
    ['a workspace account', { user_type: 'workspace', rules: {} }, false],
  ])('workspaces in the side menu for %s', async (_name, account, shown) => {
    signIn();
    mockApi((url) =>
      url === '/api/profile' ? json(200, { ...testUser(), ...account }) : undefined,
    );
    await renderApp('/');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).queryByText('Workspaces') !== null).toBe(shown);
    expect(within(menu).getByText('Collections')).toBeInTheDocument();
  });
});
