import { describe, expect, it } from 'vitest';
import {
  afterLoginDestination,
  decideNavigation,
  effectiveAccess,
  loginRedirect,
  rememberableRoute,
  type GuardInput,
} from './navigation-rules';

const base: GuardInput = {
  pathname: '/',
  search: '',
  access: 'login',
  session: 'full',
  user: { name: 'Ada' },
};
const decide = (patch: Partial<GuardInput>) => decideNavigation({ ...base, ...patch });

describe('protected routes', () => {
  it('send a visitor to /auth remembering the attempted route', () => {
    expect(
      decide({ session: 'none', user: null, pathname: '/collections/abc', search: '?x=1' }),
    ).toEqual({
      type: 'redirect',
      to: '/auth?redirect=%2Fcollections%2Fabc%3Fx%3D1',
    });
  });

  it('carry the usermail query over for the connections route', () => {
    const to = loginRedirect('/connections', '?usermail=a%40b.cd');
    const params = new URLSearchParams(to.split('?')[1]);
    expect(params.get('redirect')).toBe('/connections?usermail=a%40b.cd');
    expect(params.get('usermail')).toBe('a@b.cd');
    expect(
      new URLSearchParams(loginRedirect('/feed', '?usermail=x').split('?')[1]).has('usermail'),
    ).toBe(false);
  });

  it('send an activation session to the verification step', () => {
    expect(decide({ session: 'activation' })).toEqual({
      type: 'redirect',
      to: '/auth/signup/verification',
    });
  });

  it('wait while the profile loads, then render', () => {
    expect(decide({ user: undefined })).toEqual({ type: 'wait' });
    expect(decide({})).toEqual({ type: 'render' });
  });
});

describe('a user without a name', () => {
  it('is sent to account-settings', () => {
    expect(decide({ user: { name: '  ' }, pathname: '/feed' })).toEqual({
      type: 'redirect',
      to: '/account-settings',
    });
    expect(decide({ user: { name: '' }, access: 'public', pathname: '/discover' })).toEqual({
      type: 'redirect',
      to: '/account-settings',
    });
  });

  it('may stay on account-settings and its children', () => {
    expect(decide({ user: { name: '' }, pathname: '/account-settings' })).toEqual({
      type: 'render',
    });
    expect(decide({ user: { name: '' }, pathname: '/account-settings/verify-name' })).toEqual({
      type: 'render',
    });
  });
});

describe('logged-out-only routes', () => {
  for (const pathname of [
    '/auth',
    '/auth/signup',
    '/auth/reset',
    '/auth/pim',
    '/auth/forgot-password',
  ]) {
    it(`${pathname} sends a signed-in user to /`, () => {
      expect(decide({ access: 'loggedOut', pathname })).toEqual({ type: 'redirect', to: '/' });
    });
  }

  it('stay open with a login_type query', () => {
    expect(decide({ access: 'loggedOut', pathname: '/auth', search: '?login_type=pim' })).toEqual({
      type: 'render',
    });
  });

  it('render for visitors and activation sessions', () => {
    expect(decide({ access: 'loggedOut', session: 'none', user: null })).toEqual({
      type: 'render',
    });
    expect(
      decide({ access: 'loggedOut', session: 'activation', pathname: '/auth/signup/verification' }),
    ).toEqual({ type: 'render' });
  });
});

describe('public links', () => {
  it('secure_token or smt make a route public', () => {
    expect(effectiveAccess('login', '?secure_token=abc')).toBe('public');
    expect(effectiveAccess('login', '?smt=abc')).toBe('public');
    expect(effectiveAccess('login', '?other=1')).toBe('login');
    expect(
      decide({
        session: 'none',
        user: null,
        pathname: '/collections/abcdefghij',
        search: '?secure_token=t',
      }),
    ).toEqual({ type: 'render' });
    expect(decide({ session: 'none', user: null, pathname: '/memo/1', search: '?smt=t' })).toEqual({
      type: 'render',
    });
  });

  it('public routes render for visitors', () => {
    expect(
      decide({ access: 'public', session: 'none', user: null, pathname: '/discover' }),
    ).toEqual({
      type: 'render',
    });
  });
});

describe('after login', () => {
  it('honours a redirect query, never an external one', () => {
    expect(afterLoginDestination('?redirect=%2Fcollections', { hasLoggedIn: true })).toBe(
      '/collections',
    );
    expect(
      afterLoginDestination('?redirect=%2F%2Fevil.example', {
        hasLoggedIn: true,
        lastRoute: '/feed',
      }),
    ).toBe('/feed');
    expect(afterLoginDestination('?redirect=https%3A%2F%2Fevil.example', {})).toBe('/');
  });

  it('honours a share query', () => {
    expect(afterLoginDestination('?share=hello', { hasLoggedIn: true })).toBe('/?share=hello');
  });

  it('goes to the last route before logout unless it was /', () => {
    expect(afterLoginDestination('', { hasLoggedIn: true, lastRoute: '/feed?x=1' })).toBe(
      '/feed?x=1',
    );
    expect(afterLoginDestination('', { hasLoggedIn: true, lastRoute: '/' })).toBe('/');
  });

  it('a first login goes to /', () => {
    expect(afterLoginDestination('', { lastRoute: '/feed' })).toBe('/');
  });

  it('auth screens are not remembered', () => {
    expect(rememberableRoute('/auth/signup', '')).toBeUndefined();
    expect(rememberableRoute('/collections', '?a=1')).toBe('/collections?a=1');
  });
});

describe('logout', () => {
  it('goes to plain /auth while logging out', () => {
    expect(decide({ session: 'none', user: null, pathname: '/feed', loggingOut: true })).toEqual({
      type: 'redirect',
      to: '/auth',
    });
  });
});
