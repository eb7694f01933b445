import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, type BootMap } from '../../build/boot-preload';

/** A small map in the shape the build writes (apps/web/build/boot-preload.ts). */
const MAP: BootMap = {
  f: ['layout.js', 'home.js', 'feed.js', 'auth.js', 'login.js', 'card.js', 'media.js', 'todo.js'],
  s: [
    ['^/$', [0, 1], ['memos'], [['hydra', '/api/user/{sub}/memo', 'list']]],
    ['^/feed$', [0, 2], ['feed', 'memos'], [['hydra', '/api/feed', 'list']]],
  ],
  a: [3, 4],
  c: [5],
  m: [6],
  d: [7],
  n: 3,
  ct: ['engagement'],
  t: ['en', 'nl'],
  j: '/assets/i18n-X',
  r: ['/api/profile'],
  k: 'signed_in',
};

/** A token whose payload names user 7. */
const TOKEN = `x.${btoa(JSON.stringify({ sub: 7 }))}.y`;

/** The preloads the boot script added (the page's own links are not in the head here). */
const added = () =>
  [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));

function signIn() {
  localStorage.setItem('token', TOKEN);
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('session_kind', 'full');
}

/** The boot script's tag as the server marks it (apps/server/src/http/web-page.ts). */
function marked(preloaded: string | undefined, locale: string) {
  const script = document.createElement('script');
  if (preloaded) script.setAttribute('data-preloaded', preloaded);
  script.setAttribute('data-locale', locale);
  document.body.append(script);
}

describe('the boot script with preloads in the served HTML', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie = 'language=; path=/; max-age=0';
    document.cookie = 'signed_in=; path=/; max-age=0';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"hydra:member":[]}'))),
    );
  });
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie = 'signed_in=; path=/; max-age=0';
    window.history.replaceState(null, '', '/');
    // the reads it started, which the API client would otherwise take (src/api/early.ts)
    window.__memoriaEarly = undefined;
  });

  it("adds only what the HTML does not carry: not the screen's files nor its texts", () => {
    signIn();
    window.history.replaceState(null, '', '/feed');
    marked('1', 'en');
    boot(MAP);
    expect(added()).toEqual([]);
  });

  it('adds everything without the marks (an older server, or an address it did not know)', () => {
    signIn();
    window.history.replaceState(null, '', '/feed');
    boot(MAP);
    expect(added()).toEqual([
      '/assets/i18n-X/en.json',
      '/assets/layout.js',
      '/assets/feed.js',
      '/assets/i18n-X/feed/en.json',
      '/assets/i18n-X/memos/en.json',
    ]);
  });

  it('adds the texts of its own language when the HTML preloaded another', () => {
    signIn();
    document.cookie = 'language=nl; path=/';
    window.history.replaceState(null, '', '/feed');
    marked('1', 'en');
    boot(MAP);
    expect(added()).toEqual([
      '/assets/i18n-X/nl.json',
      '/assets/i18n-X/feed/nl.json',
      '/assets/i18n-X/memos/nl.json',
    ]);
    document.cookie = 'language=; path=/; max-age=0';
  });

  it("adds the signed-in home's files where the HTML guessed the visitor's screen", () => {
    signIn();
    marked('a', 'en');
    boot(MAP);
    expect(added()).toEqual([
      '/assets/layout.js',
      '/assets/home.js',
      '/assets/i18n-X/memos/en.json',
    ]);
  });

  it('keeps the signed-in cookie in step with the stored session', () => {
    window.history.replaceState(null, '', '/auth');
    boot(MAP);
    expect(document.cookie).not.toMatch(/signed_in=1/);
    signIn();
    window.history.replaceState(null, '', '/feed');
    boot(MAP);
    expect(document.cookie).toMatch(/signed_in=1/);
    localStorage.clear();
    window.history.replaceState(null, '', '/auth');
    boot(MAP);
    expect(document.cookie).not.toMatch(/signed_in=1/);
  });
});
