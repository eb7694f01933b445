import type { Kysely, Updateable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { UserProfilesTable } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

/** The profile row holding someone's public profile settings, with the account's rules. */
export function findPublicSettingsRow(db: Db, userId: number) {
  return db
    .selectFrom('user_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select(['u.rules', 'u.user_type', 'u.workspace_type', 'u.plan'])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}

export type PublicSettingsRow = NonNullable<Awaited<ReturnType<typeof findPublicSettingsRow>>>;

/** Which profile (if any) holds this slug. */
export async function profileIdWithSlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_profiles')
    .select('id')
    .where('public_slug', '=', slug)
    .executeTakeFirst();
  return row?.id;
}

/** One transaction's writes of the settings: profile columns and the account's rules JSON. */
export async function writePublicSettings(
  db: Db,
  d: DialectHelpers,
  userId: number,
  profile: Updateable<UserProfilesTable>,
  rules: Record<string, unknown> | undefined,
): Promise<void> {
  const now = d.time(new Date());
  await db
    .updateTable('user_profiles')
    .set({ ...profile, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  if (rules !== undefined) {
    await db
      .updateTable('users')
      .set({ rules: d.json(rules), updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
}
