import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/**
 * People as the social graph shows them: one query shape over users + user_profiles. Other
 * modules read people through people.ts, which also presents them.
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
      'p.cover_attachment_id as cover_id',
      'p.banner_attachment_id as banner_id',
      'p.public_picture_attachment_id as public_picture_id',
      'p.public_slug',
      'p.public_phone',
      'p.public_usermail',
      'p.public_address',
      'p.public_website',
      'p.public_linkedin',
      'p.public_description',
      'p.accent_color',
      'p.cta_button_title',
      'p.cta_button_url',
      'p.cta_button_font_color',
      'p.cta_button_color',
    ]);
}

export type PersonRow = Awaited<
  ReturnType<ReturnType<typeof peopleQuery>['executeTakeFirstOrThrow']>
>;

/** Built once (db/query-cache.ts): profiles and people lists read people on every page. */
export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await queryCacheOf(db).rows(
    'person',
    [id],
    (slots) => peopleQuery(db).where('u.id', '=', slots[0] as number),
    { prepared: true },
  );
  return row;
}

/** The person whose public profile has this slug. */
export async function findPersonBySlug(db: Db, slug: string): Promise<PersonRow | undefined> {
  return peopleQuery(db).where('p.public_slug', '=', slug).executeTakeFirst();
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
    const chunk = unique.slice(start, start + 900);
    const rows = await queryCacheOf(db).rows(
      'people',
      chunk,
      (slots) => peopleQuery(db).where('u.id', 'in', slots as number[]),
      byCountStatement(chunk.length),
    );
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** What a person's summary shows (people.ts summaryOf). */
export interface SummaryRow {
  id: number;
  name: string;
  avatar_id: number | null;
}

/**
 * People by id with only what their summaries show: lists that present many people (a
 * thread list's members, a page's authors) read three columns instead of the whole profile.
 */
export async function loadSummaryRows(
  db: Db,
  ids: Iterable<number>,
): Promise<Map<number, SummaryRow>> {
  const unique = [...new Set(ids)];
  const map = new Map<number, SummaryRow>();
  for (let start = 0; start < unique.length; start += 900) {
    const chunk = unique.slice(start, start + 900);
    const rows = await queryCacheOf(db).rows(
      'summary-rows',
      chunk,
      (slots) =>
        db
          .selectFrom('users as u')
          .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
          .select(['u.id', 'p.name', 'p.avatar_attachment_id as avatar_id'])
          .where('u.id', 'in', slots as number[]),
      byCountStatement(chunk.length),
    );
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}
