import { LIMITS } from '@memoria/domain';

/** The key of the group that holds names not starting with a letter. */
export const OTHER_GROUP = '#';

export interface LetterGroup<T> {
  /** an upper-case letter, or OTHER_GROUP */
  letter: string;
  items: T[];
}

/** Letters compared without accents: "Émile" sorts and groups under E. */
function baseLetter(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  const plain = first.normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase();
  return /\p{L}/u.test(plain) ? plain : OTHER_GROUP;
}

export interface GroupOptions<T> {
  name: (item: T) => string;
  /** items listed before the rest, outside the letter groups (selected or favourite ones) */
  pinned?: (item: T) => boolean;
  locale?: string;
  /** group by letter only above this many items (docs/RULES.md, Limits: 20) */
  threshold?: number;
}

export interface GroupedList<T> {
  pinned: T[];
  /** one group per letter when grouped; otherwise a single group with letter '' */
  groups: LetterGroup<T>[];
  grouped: boolean;
}

/**
 * Active connections (docs/SCREENS.md, Lists and forms): pinned ones first, the rest sorted by name
 * and, above the threshold, grouped by first letter ("#" last for names without a letter).
 */
export function groupByLetter<T>(items: readonly T[], options: GroupOptions<T>): GroupedList<T> {
  const threshold = options.threshold ?? LIMITS.connectionLetterGroupingAbove;
  const collator = new Intl.Collator(options.locale, { sensitivity: 'base' });
  const sorted = [...items].sort((a, b) => collator.compare(options.name(a), options.name(b)));
  const pinned = options.pinned ? sorted.filter(options.pinned) : [];
  const rest = options.pinned ? sorted.filter((item) => !options.pinned?.(item)) : sorted;
  if (items.length <= threshold) {
    return { pinned, groups: rest.length ? [{ letter: '', items: rest }] : [], grouped: false };
  }
  const byLetter = new Map<string, T[]>();
  for (const item of rest) {
    const letter = baseLetter(options.name(item));
    const group = byLetter.get(letter);
    if (group) group.push(item);
    else byLetter.set(letter, [item]);
  }
  const letters = [...byLetter.keys()].sort((a, b) => {
    if (a === OTHER_GROUP) return 1;
    if (b === OTHER_GROUP) return -1;
    return collator.compare(a, b);
  });
  return {
    pinned,
    groups: letters.map((letter) => ({ letter, items: byLetter.get(letter) ?? [] })),
    grouped: true,
  };
}

/** Case- and accent-insensitive "contains" used by the connection search. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function matchesSearch(text: string | null | undefined, query: string): boolean {
  if (!query.trim()) return true;
  return Boolean(text) && foldForSearch(text ?? '').includes(foldForSearch(query.trim()));
}
