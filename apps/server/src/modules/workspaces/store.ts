import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { readCount } from '../../db/dialect.js';
import { textMatches } from '../../db/text-search.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';

type Db = Kysely<DatabaseSchema>;

/** The account row of a workspace or group (undefined for any other account). */
export function findWorkspaceAccount(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.workspace_type',
      'u.rules',
      'u.disabled_at',
      'p.name',
      'p.id as profile_id',
    ])
    .where('u.id', '=', id)
    .where('u.user_type', '=', 'workspace')
    .executeTakeFirst();
}

export type WorkspaceAccountRow = NonNullable<Awaited<ReturnType<typeof findWorkspaceAccount>>>;

/** Makes a fresh account a workspace or group, with its rules, in the caller's transaction. */
export async function markWorkspace(
  db: Db,
  d: DialectHelpers,
  id: number,
  workspaceType: string,
  rules: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      user_type: 'workspace',
      workspace_type: workspaceType,
      rules: d.json(rules),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

/** The person who made or bought a workspace becomes a main user (docs/notes/workspaces.md, Who is who). */
export async function markMain(db: Db, d: DialectHelpers, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ user_type: 'main', updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .where('user_type', '=', 'normal')
    .execute();
}

export async function saveRules(
  db: Db,
  d: DialectHelpers,
  id: number,
  rules: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ rules: d.json(rules), updated_at: d.time(new Date()) })
    .where('id', '=', id)
    .execute();
}

export async function renameWorkspace(
  db: Db,
  d: DialectHelpers,
  id: number,
  name: string,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ name, updated_at: d.time(new Date()) })
    .where('user_id', '=', id)
    .execute();
}

/** The live delegations to the workspace, with the delegate's name (admins are among them). */
export function delegationsTo(db: Db, workspaceId: number) {
  return db
    .selectFrom('account_delegations as d')
    .innerJoin('user_profiles as p', 'p.user_id', 'd.delegate_user_id')
    .select(['d.id', 'd.delegate_user_id', 'd.rules', 'p.name'])
    .where('d.account_user_id', '=', workspaceId)
    .where('d.revoked_at', 'is', null)
    .orderBy('d.id')
    .execute();
}

/** The live delegations `userId` holds to workspace accounts, with the workspace. */
export function delegationsToWorkspacesOf(db: Db, userId: number) {
  return db
    .selectFrom('account_delegations as d')
    .innerJoin('users as u', 'u.id', 'd.account_user_id')
    .select(['d.account_user_id as workspace_id', 'd.rules'])
    .where('d.delegate_user_id', '=', userId)
    .where('d.revoked_at', 'is', null)
    .where('u.user_type', '=', 'workspace')
    .where('u.disabled_at', 'is', null)
    .execute();
}

/**
 * One page of the workspaces `userId` administers (`adminIds`, from their delegations) or
 * is a member of (an active connection of theirs), by name, with the total.
 */
export async function pageOfWorkspacesFor(
  db: Db,
  userId: number,
  adminIds: number[],
  page: { limit: number; offset: number },
) {
  const shown = db
    .selectFrom('users as u')
    .where('u.user_type', '=', 'workspace')
    .where('u.disabled_at', 'is', null)
    .where((eb) => {
      const member = eb.exists(
        eb
          .selectFrom('contacts as c')
          .select('c.contact_id')
          .whereRef('c.contact_id', '=', 'u.id')
          .where('c.user_id', '=', userId),
      );
      return adminIds.length > 0 ? eb.or([eb('u.id', 'in', adminIds), member]) : member;
    });
  const [rows, count] = await Promise.all([
    shown
      .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.workspace_type', 'u.rules', 'p.name'])
      .orderBy(sql`lower(p.name)`)
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    shown.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}

/** How many members each workspace has. */
export async function memberCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('contacts as c')
    .innerJoin('users as u', 'u.id', 'c.contact_id')
    .select(['c.user_id', (eb) => eb.fn.countAll().as('n')])
    .where('c.user_id', 'in', ids)
    .where('u.disabled_at', 'is', null)
    .groupBy('c.user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, readCount(r.n)]));
}

/** `userId` is a member: an active connection of the workspace. */
export async function isMember(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contacts')
    .select('connection_id')
    .where('user_id', '=', workspaceId)
    .where('contact_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The members of a workspace, by name, one page, and how many match in all. */
export async function pageOfMembers(
  db: Db,
  workspaceId: number,
  page: { search?: string; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const search = page.search?.trim();
  const base = db
    .selectFrom('contacts as c')
    .innerJoin('users as u', 'u.id', 'c.contact_id')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where('c.user_id', '=', workspaceId)
    .where('u.disabled_at', 'is', null)
    .where(() => (search ? textMatches('p.name', search) : sql<SqlBool>`1 = 1`));
  const [rows, count] = await Promise.all([
    base
      .select('u.id')
      .orderBy(sql`lower(p.name)`)
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { ids: rows.map((r) => r.id), total: readCount(count?.n) };
}

/**
 * The workspaces that each of `personIds` is a member of and that `viewer` belongs to as
 * well: as a member, as a holder of a live delegation to it (admins are among them, the
 * caller reads the rules) or as the workspace itself. One row per person and workspace.
 */
export function workspacesShared(db: Db, viewer: number, personIds: number[]) {
  if (personIds.length === 0) return Promise.resolve([]);
  // built once per number of people and prepared (db/query-cache.ts): PostgreSQL took
  // longer to plan it than to run it
  return queryCacheOf(db).rows(
    'workspaces-shared',
    [viewer, ...personIds],
    (slots) => workspacesSharedQuery(db, slots[0] as number, slots.slice(1) as number[]),
    byCountStatement(personIds.length),
  );
}

function workspacesSharedQuery(db: Db, viewer: number, personIds: number[]) {
  // the account type as a literal, as users_workspace_idx says it (migration 0034): a bound
  // value cannot show SQLite that the partial index applies
  return db
    .selectFrom('contacts as c')
    .innerJoin('users as w', 'w.id', 'c.user_id')
    .leftJoin('account_delegations as d', (join) =>
      join
        .onRef('d.account_user_id', '=', 'w.id')
        .on('d.delegate_user_id', '=', viewer)
        .on('d.revoked_at', 'is', null),
    )
    .leftJoin('contacts as vc', (join) =>
      join.onRef('vc.user_id', '=', 'w.id').on('vc.contact_id', '=', viewer),
    )
    .select([
      'c.contact_id as person_id',
      'w.id as workspace_id',
      'w.rules',
      'd.rules as held',
      'vc.connection_id as membership',
    ])
    .where('c.contact_id', 'in', personIds)
    .where(sql<SqlBool>`w.user_type = 'workspace'`)
    .where('w.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('w.id', '=', viewer),
        eb('d.id', 'is not', null),
        eb('vc.connection_id', 'is not', null),
      ]),
    );
}
