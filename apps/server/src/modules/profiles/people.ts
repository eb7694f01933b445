import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/**
 * People as the social graph shows them: one query shape (users + user_profiles) and the
 * presenters for summaries and connection cards. Connections, follows, blocks, favourites
 * and profiles all read people through here.
 */
export function peopleQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.usermail',
      'u.user_type',
      'u.workspace_type',
      'u.is_active',
      'u.disabled_at',
      'u.rules',
      'u.plan',
      'p.id as profile_id',
      'p.name',
      'p.locale',
      'p.name_official',
      'p.user_identified',
      'p.description',
      'p.function',
      'p.organization_name',
      'p.location',
      'p.country',
      'p.phone_number',
      'p.disclose_email',
      'p.user_has_public_profile',
      'p.public_profile_enabled',
      'p.enable_direct_messages',
      'p.memo_copy_allowed',
      'p.memo_comments_allowed',
      'p.allow_reactions',
      'p.require_identification_for_comments',
      'p.avatar_attachment_id as avatar_id',
    ]);
}

export type PersonRow = Awaited<
  ReturnType<ReturnType<typeof peopleQuery>['executeTakeFirstOrThrow']>
>;

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  return peopleQuery(db).where('u.id', '=', id).executeTakeFirst();
}

export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  return peopleQuery(db).where('u.usermail', '=', email).executeTakeFirst();
}

/** People by id, in one query. */
export async function loadPeople(db: Db, ids: Iterable<number>): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  const map = new Map<number, PersonRow>();
  if (unique.length === 0) return map;
  // Chunks keep the IN list under SQLite's bound-parameter limit on very long pages.
  for (let start = 0; start < unique.length; start += 900) {
    const rows = await peopleQuery(db)
      .where('u.id', 'in', unique.slice(start, start + 900))
      .execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** Signed up, verified and not disabled by an operator. */
export function isAvailable(person: PersonRow): boolean {
  return readBool(person.is_active) && person.disabled_at === null;
}

/** The avatar URL (220w; account pictures are public like names, spec part 1 §7.3 media paths). */
export function pictureOf(person: Pick<PersonRow, 'avatar_id'>): string | null {
  return avatarUrl(person.avatar_id, '220w');
}

/** `/api/user/photo/{id}?variant=…` of an account picture, or null without one. */
export function avatarUrl(avatarId: number | null | undefined, variant: string): string | null {
  return avatarId ? `/api/user/photo/${avatarId}?variant=${variant}` : null;
}

export function summaryOf(person: PersonRow): UserSummary {
  return {
    id: person.id,
    '@id': iri('user', person.id),
    name: person.name,
    picture: pictureOf(person),
    label: initialsOf(person.name),
  };
}

/**
 * A connection card (spec part 2 §2). `contact`: the viewer is an active connection of
 * this person, who then shares their phone, and their email when they disclose it.
 */
export function contactCardOf(person: PersonRow, contact: boolean): ContactCard {
  return {
    ...summaryOf(person),
    usermail: contact && readBool(person.disclose_email) ? person.usermail : null,
    phone_number: contact ? person.phone_number : null,
    function: person.function,
    organization_name: person.organization_name,
    location: person.location,
    name_official: readBool(person.user_identified) ? person.name_official : null,
    user_identified: readBool(person.user_identified),
    user_type: person.user_type as UserType,
    workspace_type: person.workspace_type as WorkspaceType | null,
  };
}

/** A LIKE pattern for a search text: case-insensitive substring, wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `column` contains `search` (case-insensitive), on both engines. */
export function textMatches(column: string, search: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(search)} escape '!'`;
}

export function localeOf(person: Pick<PersonRow, 'locale'>): Locale {
  return isLocale(person.locale) ? person.locale : 'en';
}
