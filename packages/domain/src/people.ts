/** How another person appears inside memos, collections and lists. */
export interface UserSummary {
  id: number;
  '@id': string;
  name: string;
  /** avatar URL (media issue), or null */
  picture: string | null;
  /** initials shown when there is no picture */
  label: string;
}

/** Initials for an avatar: first letters of the first two words, upper case. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase();
}
