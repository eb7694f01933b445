import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** Who has blocked whom between a and b. */
export async function blockDirections(
  db: Db,
  a: number,
  b: number,
): Promise<{ byA: boolean; byB: boolean }> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .execute();
  return { byA: rows.some((r) => r.blocker_id === a), byB: rows.some((r) => r.blocker_id === b) };
}

export async function anyBlockBetween(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Everything that binds a and b, removed; call inside the transaction of the block. */
export async function removeRelationsBetween(db: Db, a: number, b: number): Promise<void> {
  const rows = await db
    .selectFrom('connections')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_outbound_id', '=', a), eb('user_inbound_id', '=', b)]),
        eb.and([eb('user_outbound_id', '=', b), eb('user_inbound_id', '=', a)]),
      ]),
    )
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db.deleteFrom('contacts').where('connection_id', 'in', ids).execute();
    await db.deleteFrom('connections').where('id', 'in', ids).execute();
  }
  // contact rows are per connection; none may outlive it, whatever wrote them
  await db
    .deleteFrom('contacts')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('contact_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('contact_id', '=', a)]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('following_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('following_id', '=', a)]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('favourites')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('favourite_user_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('favourite_user_id', '=', a)]),
        eb.and([
          eb('user_id', '=', a),
          eb(
            'collection_id',
            'in',
            eb.selectFrom('collections as oc').select('oc.id').where('oc.user_id', '=', b),
          ),
        ]),
        eb.and([
          eb('user_id', '=', b),
          eb(
            'collection_id',
            'in',
            eb.selectFrom('collections as oc').select('oc.id').where('oc.user_id', '=', a),
          ),
        ]),
      ]),
    )
    .execute();
}
