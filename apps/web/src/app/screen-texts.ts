import type { Namespace } from '../i18n/locales/en';

/**
 * The text namespaces a screen shows, in one place for both users: the page loader waits for
 * them before the screen renders (pages.ts), and the boot script asks for them with the page's
 * code (build/boot-preload.ts). A namespace the page waits for but the boot script does not
 * name is a round trip of its own before the first paint: the collection page's call button
 * texts were one (docs/PERFORMANCE.md, Lighthouse, twelfth round).
 */
const MEMO_TEXTS: Namespace[] = ['memos', 'media', 'engagement'];

export const SCREEN_TEXTS = {
  home: ['memos'],
  memo: MEMO_TEXTS,
  lists: ['feed', ...MEMO_TEXTS],
  collections: ['collections', ...MEMO_TEXTS],
  // the call button (features/calls/call-button.tsx) is in a collection's first render
  collection: ['collections', ...MEMO_TEXTS, 'calls'],
  people: ['publicProfile', 'connections', 'profile', 'collections', ...MEMO_TEXTS],
} satisfies Record<string, Namespace[]>;
