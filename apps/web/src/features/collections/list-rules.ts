import { LIMITS, type Collection } from '@memoria/domain';

/**
 * The collection list's rules (docs/SCREENS.md, Lists and forms): tabs own / collaboration, the
 * search bar above 15 items, grouping by author above a threshold, otherwise 3 items then "show
 * more".
 */
export type CollectionTab = 'own' | 'collaboration';

/** Search shows above this many items (docs/RULES.md, Limits). */
export const SEARCH_ABOVE = LIMITS.collectionSearchShownAbove;
/**
 * No number is given for the grouping threshold; the list groups by author
 * from the same size on which it offers search, so a long list gets both at once.
 */
export const GROUP_ABOVE = LIMITS.collectionSearchShownAbove;
/** A flat list shows this many items before "show more" (on a phone, one card a row). */
export const FLAT_FIRST = LIMITS.flatCollectionListFirst;

/**
 * How many cards a flat list shows before "show more", for the columns that fit: the rule's 3
 * in one column; from two columns on, two full rows (4, 6), so a wide screen shows a filled
 * block of cards rather than one short row above empty space.
 */
export function flatFirstCount(columns: number): number {
  const cols = Math.max(1, Math.floor(columns));
  return cols === 1 ? FLAT_FIRST : Math.max(FLAT_FIRST, 2 * cols);
}

export function splitTabs(collections: Collection[]): Record<CollectionTab, Collection[]> {
  return {
    own: collections.filter((collection) => collection.isOwner),
    collaboration: collections.filter((collection) => !collection.isOwner),
  };
}

/** The own tab switches to collaboration when it is empty but collaborations exist. */
export function effectiveTab(
  requested: CollectionTab,
  tabs: Record<CollectionTab, Collection[]>,
): CollectionTab {
  if (requested === 'own' && tabs.own.length === 0 && tabs.collaboration.length > 0) {
    return 'collaboration';
  }
  return requested;
}

export function filterByName(collections: Collection[], search: string): Collection[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return collections;
  return collections.filter((collection) => collection.name.toLocaleLowerCase().includes(needle));
}

export interface AuthorGroup {
  key: string;
  name: string;
  items: Collection[];
}

/** Groups by author name, in name order; the order inside a group stays the list's. */
export function groupByAuthor(collections: Collection[], locale?: string): AuthorGroup[] {
  const groups = new Map<string, AuthorGroup>();
  for (const collection of collections) {
    const key = String(collection.author.id);
    const group = groups.get(key) ?? { key, name: collection.author.name, items: [] };
    group.items.push(collection);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, locale));
}
