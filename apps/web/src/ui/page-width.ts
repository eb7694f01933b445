/**
 * The content widths of the pages (docs/SCREENS.md, Layout), set as CSS variables by the theme
 * (theme.ts): `content` for lists, grids and views (home, feed, discover, collections, a
 * collection, a memo, profiles, connections), `narrow` for settings and single forms. Wider
 * screens centre the page; narrower ones run it edge to edge.
 */
export const PAGE_WIDTHS = { content: '60rem', narrow: '45rem' } as const;

export type PageWidth = keyof typeof PAGE_WIDTHS;

/** Style props for a page's outer Stack: at most the width, centred. */
export function pageWidth(width: PageWidth = 'content') {
  return { maw: `var(--page-width-${width})`, mx: 'auto' } as const;
}
