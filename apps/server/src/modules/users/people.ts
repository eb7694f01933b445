import {
  initialsOf,
  iri,
  isLocale,
  type Locale,
  type ContactCard,
  type UserSummary,
  type UserType,
  type WorkspaceType,
} from '@memoria/domain';
import type { PersonRow, SummaryRow } from './people-store.js';
import { readBool } from '../../db/dialect.js';

/**
 * People for every module: the users module's reads (other modules never reach its stores)
 * and the presenters for summaries and connection cards.
 */
export {
  findPerson,
  findPersonByEmail,
  findPersonBySlug,
  loadPeople,
  loadSummaryRows,
  type PersonRow,
  type SummaryRow,
} from './people-store.js';

/** Signed up, verified and not disabled by an operator. */
export function isAvailable(person: PersonRow): boolean {
  return readBool(person.is_active) && person.disabled_at === null;
}

/**
 * The avatar URL (220w; account pictures are public like names, docs/API.md, Calls: media paths).
 */
export function pictureOf(person: Pick<PersonRow, 'avatar_id'>): string | null {
  return avatarUrl(person.avatar_id, '220w');
}

/** `/api/user/photo/{id}?variant=…` of an account picture, or null without one. */
export function avatarUrl(avatarId: number | null | undefined, variant: string): string | null {
  return avatarId ? `/api/user/photo/${avatarId}?variant=${variant}` : null;
}

export function summaryOf(person: SummaryRow): UserSummary {
  return {
    id: person.id,
    '@id': iri('user', person.id),
    name: person.name,
    picture: pictureOf(person),
    label: initialsOf(person.name),
  };
}

/**
 * A connection card (docs/SCREENS.md, Routes). `contact`: the viewer is an active connection of
 * this person, who then shares their phone, and their email when they disclose it.
 */
export function contactCardOf(person: PersonRow, contact: boolean): ContactCard {
  // onto the summary, not after a spread of it: V8 gives each object that gains properties
  // after a spread a new hidden class (docs/PERFORMANCE.md, "Contact counts, and spreads in
  // hot literals")
  return Object.assign(summaryOf(person), {
    usermail: contact && readBool(person.disclose_email) ? person.usermail : null,
    phone_number: contact ? person.phone_number : null,
    function: person.function,
    organization_name: person.organization_name,
    location: person.location,
    name_official: readBool(person.user_identified) ? person.name_official : null,
    user_identified: readBool(person.user_identified),
    user_type: person.user_type as UserType,
    workspace_type: person.workspace_type as WorkspaceType | null,
  });
}

export function localeOf(person: Pick<PersonRow, 'locale'>): Locale {
  return isLocale(person.locale) ? person.locale : 'en';
}
