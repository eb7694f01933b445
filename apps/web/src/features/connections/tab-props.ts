import type { ContactCard } from '@memoria/domain';
import type { ConnectionActions } from './connection-actions';
import { matchesSearch } from './grouping';

/** What every connections tab gets from the page. */
export interface TabProps {
  /** the search text */
  query: string;
  actions: ConnectionActions;
  /** ids of the people the viewer follows, once loaded */
  following: ReadonlySet<number> | undefined;
  canDelegate: boolean;
}

/** Search over a card's name and the contact fields it shows. */
export function personMatches(
  person: Partial<ContactCard> | null | undefined,
  query: string,
  extra?: string | null,
): boolean {
  if (!query.trim()) return true;
  return [
    person?.name,
    person?.usermail,
    person?.organization_name,
    person?.function,
    person?.location,
    extra,
  ].some((text) => matchesSearch(text, query));
}

export function isFollowing(set: ReadonlySet<number> | undefined, id: number) {
  return set ? set.has(id) : undefined;
}
