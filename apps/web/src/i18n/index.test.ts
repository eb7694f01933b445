import { describe, expect, it } from 'vitest';
import { changeLocale, currentLocale, loadNamespaces } from './index';
import { en } from './locales/en';
import { addBundle, hasNamespace, setLanguage } from './translate';

// The profile's language is applied after sign-in, while the first screen may still be
// fetching its texts in the language the app started with.
describe('switching the language while a screen loads its texts', () => {
  it('gives the new language the namespaces still on their way in the old one', async () => {
    addBundle('en', en);
    setLanguage('en');
    const loading = loadNamespaces('feed');
    await changeLocale('de');
    expect(currentLocale()).toBe('de');
    expect(hasNamespace('de', 'feed')).toBe(true);
    await loading;
  });

  it('a screen that asked in the old language gets the texts of the new one', async () => {
    addBundle('en', en);
    setLanguage('en');
    const loading = loadNamespaces('memos');
    setLanguage('pl');
    await loading;
    expect(hasNamespace('pl', 'memos')).toBe(true);
  });
});
