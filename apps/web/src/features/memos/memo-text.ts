import type { Memo } from '@memoria/domain';

/** Block ends get a space so "<p>a</p><p>b</p>" reads "a b" as text. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi;

/**
 * The plain text of a memo's rich description, for card excerpts. DOMParser builds an inert
 * document: nothing in it runs or loads.
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const spaced = html.replace(BLOCK_END, (tag) => `${tag} `);
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A hashtag link goes to /?search={tag}, the search of one's own memos (docs/SCREENS.md, Routes).
 * On a public page (a visitor, or a /p/ route) it searches the public posts of discover
 * instead, which anyone may read, rather than leading to the sign-in page.
 */
export function hashtagPath(
  tag: string,
  { isPublic = false }: { isPublic?: boolean } = {},
): string {
  const search = encodeURIComponent(tag);
  return isPublic ? `/discover/posts?search=${search}` : `/?search=${search}`;
}

/** A mention link goes to /profile/{userId}. */
export function profilePath(userId: number | string): string {
  return `/profile/${userId}`;
}

/** Where a memo opens: its page, or the public variant (/p) with the secret link token. */
export function memoPath(memo: Pick<Memo, 'id'>, options: { isPublic?: boolean } = {}): string {
  return options.isPublic ? `/p/memo/${memo.id}` : `/memo/${memo.id}`;
}

export function isPinned(memo: Pick<Memo, 'sequence_number'>): boolean {
  return memo.sequence_number === 1;
}

export function fileCount(memo: Memo): number {
  return memo.memo_photos.length + memo.memo_videos.length + memo.memo_documents.length;
}
