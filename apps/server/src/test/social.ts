import type { TestApp } from './harness.js';

/**
 * Relations written straight into the tables, for tests of modules that read them before
 * (or without) going through the connections API.
 */
export async function connectUsers(t: TestApp, a: number, b: number): Promise<number> {
  const { db, dialect } = t.database;
  const now = dialect.time(new Date());
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('connections')
      .values({
        user_outbound_id: a,
        user_inbound_id: b,
        status: 'active',
        auto_accepted: dialect.bool(false),
        watching_by_outbound: dialect.bool(false),
        watching_by_inbound: dialect.bool(false),
        accepted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contacts')
      .values([
        { user_id: a, contact_id: b, connection_id: row.id, created_at: now },
        { user_id: b, contact_id: a, connection_id: row.id, created_at: now },
      ])
      .execute();
    return row.id;
  });
}

export async function followUser(t: TestApp, follower: number, following: number): Promise<void> {
  const { db, dialect } = t.database;
  await db
    .insertInto('follows')
    .values({
      follower_id: follower,
      following_id: following,
      created_at: dialect.time(new Date()),
    })
    .execute();
}

export async function blockUser(t: TestApp, blocker: number, blocked: number): Promise<void> {
  const { db, dialect } = t.database;
  await db
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: dialect.time(new Date()) })
    .execute();
}

/** Marks the identity verified, as the external identity check would. */
export async function identifyUser(t: TestApp, userId: number, officialName?: string) {
  const { db, dialect } = t.database;
  await db
    .updateTable('user_profiles')
    .set({ user_identified: dialect.bool(true), name_official: officialName ?? null })
    .where('user_id', '=', userId)
    .execute();
}

/** Sets plan rules and flags directly (until the subscriptions work lands). */
export async function grantRules(
  t: TestApp,
  userId: number,
  rules: { has_subscription?: boolean; bronze?: boolean; silver?: boolean },
): Promise<void> {
  const { db, dialect } = t.database;
  await db
    .updateTable('users')
    .set({ rules: dialect.json(rules) })
    .where('id', '=', userId)
    .execute();
}
