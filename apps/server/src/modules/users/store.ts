import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DatabaseSchema, UserProfilesTable, UsersTable } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { queryCacheOf } from '../../db/query-cache.js';

export type UserRow = Selectable<UsersTable>;
export type ProfileRow = Selectable<UserProfilesTable>;
type Db = Kysely<DatabaseSchema>;

export interface NewAccount {
  usermail: string;
  passwordHash: string;
  name: string;
  locale: string;
  country: string | null;
  isActive?: boolean;
}

export async function insertAccount(
  db: Db,
  d: DialectHelpers,
  account: NewAccount,
): Promise<{ userId: number; profileId: number }> {
  const now = d.time(new Date());
  const user = await db
    .insertInto('users')
    .values({
      usermail: account.usermail,
      password_hash: account.passwordHash,
      is_active: d.bool(account.isActive ?? false),
      activated_at: account.isActive ? now : null,
      rules: d.json({}),
      two_factor_enabled: d.bool(false),
      workspace_type: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = await db
    .insertInto('user_profiles')
    .values({
      user_id: user.id,
      name: account.name,
      name_official: null,
      locale: account.locale,
      country: account.country,
      description: null,
      organization_name: null,
      function: null,
      location: null,
      phone_number: null,
      custom_colour: null,
      custom_logo: null,
      disclose_email: d.bool(false),
      user_has_public_profile: d.bool(false),
      public_profile_enabled: d.bool(false),
      enable_direct_messages: d.bool(true),
      delegate_notifications: d.bool(true),
      memo_copy_allowed: d.bool(true),
      memo_comments_allowed: d.bool(true),
      allow_reactions: d.bool(true),
      require_identification_for_comments: d.bool(false),
      user_identified: d.bool(false),
      has_pending_identification: d.bool(false),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, profileId: profile.id };
}

/** Built once (db/query-cache.ts): the account is read on most requests. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await queryCacheOf(db).rows(
    'user-by-id',
    [id],
    (slots) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', slots[0] as number),
    { prepared: true },
  );
  return row;
}

export function findUserByEmail(db: Db, usermail: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('usermail', '=', usermail).executeTakeFirst();
}

export async function findProfileByUser(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await queryCacheOf(db).rows(
    'profile-by-user',
    [userId],
    (slots) =>
      db
        .selectFrom('user_profiles')
        .selectAll()
        .where('user_id', '=', slots[0] as number),
    { prepared: true },
  );
  return row;
}

export function findProfileById(db: Db, id: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('user_profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an identification as started (true) or no longer awaited (false). */
export async function setPendingIdentification(
  db: Db,
  d: DialectHelpers,
  userId: number,
  pending: boolean,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ has_pending_identification: d.bool(pending), updated_at: d.time(new Date()) })
    .where('user_id', '=', userId)
    .execute();
}

export async function updateProfile(
  db: Db,
  d: DialectHelpers,
  profileId: number,
  changes: Updateable<UserProfilesTable>,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ ...changes, updated_at: d.time(new Date()) })
    .where('id', '=', profileId)
    .execute();
}
