/** The discover tabs (docs/SCREENS.md, Routes): /discover shows the default one, posts. */
export type DiscoverTab = 'people' | 'posts';

export const DEFAULT_DISCOVER_TAB: DiscoverTab = 'posts';

export function discoverTabOf(pathname: string): DiscoverTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'people' || last === 'posts' ? last : DEFAULT_DISCOVER_TAB;
}

export const discoverPath = (tab: DiscoverTab) => `/discover/${tab}`;
