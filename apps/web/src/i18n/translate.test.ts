import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { feed } from './locales/feed/en';
import {
  addBundle,
  addNamespace,
  forgetLanguage,
  setLanguage,
  t,
  useTranslation,
  type TranslationKey,
} from './translate';

/** The languages these tests give made-up texts. */
const MADE_UP = ['pl', 'nl', 'es', 'de'];

afterEach(() => {
  // unmount the hooks first: the language set back below would render them outside act()
  cleanup();
  addBundle('en', en);
  setLanguage('en');
  // the `web` files share this module: a later file switching to German must get German
  for (const locale of MADE_UP) forgetLanguage(locale);
});

describe('t', () => {
  it('looks up nested keys in the active language', () => {
    addBundle('en', en);
    setLanguage('en');
    expect(t('common.save')).toBe('Save');
  });

  it('replaces {{name}} placeholders, missing values with nothing', () => {
    addBundle('en', {
      ...en,
      home: { ...en.home, greeting: 'Hi {{name}}, {{ count }} {{gone}}!' },
    });
    setLanguage('en');
    expect(t('home.greeting', { name: 'Ada', count: 3 })).toBe('Hi Ada, 3 !');
  });

  it('chooses plural forms by the language rules, falling back to _other', () => {
    const withCounts = (forms: Record<string, string>) =>
      ({ ...en, home: { ...en.home, ...forms } }) as unknown as typeof en;
    addBundle(
      'pl',
      withCounts({
        memos_one: '{{count}} notatka',
        memos_few: '{{count}} notatki',
        memos_many: '{{count}} notatek',
        memos_other: '{{count}} notatki (ułamek)',
      }),
    );
    setLanguage('pl');
    const key = 'home.memos' as TranslationKey;
    expect(t(key, { count: 1 })).toBe('1 notatka');
    expect(t(key, { count: 3 })).toBe('3 notatki');
    expect(t(key, { count: 5 })).toBe('5 notatek');
    expect(t(key, { count: 22 })).toBe('22 notatki');
    addBundle('en', withCounts({ memos_one: 'one memo', memos_other: '{{count}} memos' }));
    setLanguage('en');
    expect(t(key, { count: 1 })).toBe('one memo');
    expect(t(key, { count: 0 })).toBe('0 memos');
  });

  it('answers the key for an unknown key or a branch', () => {
    expect(t('nope.nothing' as TranslationKey)).toBe('nope.nothing');
    expect(t('common' as TranslationKey)).toBe('common');
  });

  it('useTranslation renders again with the new language', () => {
    addBundle('en', en);
    addBundle('nl', { ...en, common: { ...en.common, save: 'Opslaan' } });
    setLanguage('en');
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('common.save')).toBe('Save');
    act(() => setLanguage('nl'));
    expect(result.current.t('common.save')).toBe('Opslaan');
    expect(result.current.i18n.language).toBe('nl');
  });

  it('useTranslation renders again when a namespace arrives after its key was shown', () => {
    addBundle('es', en);
    setLanguage('es');
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('feed.feed.title')).toBe('feed.feed.title');
    const before = result.current;
    act(() => addNamespace('es', 'feed', { ...feed, feed: { ...feed.feed, title: 'Noticias' } }));
    expect(result.current).not.toBe(before);
    expect(result.current.t('feed.feed.title')).toBe('Noticias');
  });

  it('useTranslation does not render again for a namespace nobody asked a text of', () => {
    addBundle('de', en);
    setLanguage('de');
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useTranslation();
    });
    expect(result.current.t('common.save')).toBe('Save');
    const before = renders;
    act(() => addNamespace('de', 'feed', feed));
    expect(renders).toBe(before);
    // its texts are there for the next render all the same
    expect(result.current.t('feed.feed.title')).toBe(feed.feed.title);
  });
});
