import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { ConnectionsTable } from '../../db/schema-social.js';

type Db = Kysely<DatabaseSchema>;
export type ConnectionRow = Selectable<ConnectionsTable>;

/** What binds the viewer to another person, read in one round of small queries. */
export interface Relation {
  blockedByViewer: boolean;
  blockedViewer: boolean;
  /** the live connection row between them (requested, active or rejected), if any */
  connection: ConnectionRow | null;
  isContact: boolean;
  /** the viewer follows the other person */
  following: boolean;
  /** the other person follows the viewer */
  followsViewer: boolean;
  /** the viewer's favourite row for the other person */
  favouriteId: number | null;
}

export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
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

/** The newest connection row between two people, in either direction. */
export function connectionBetween(
  db: Db,
  a: number,
  b: number,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('connections')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('user_outbound_id', '=', a), eb('user_inbound_id', '=', b)]),
        eb.and([eb('user_outbound_id', '=', b), eb('user_inbound_id', '=', a)]),
      ]),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function relationBetween(db: Db, viewer: number, other: number): Promise<Relation> {
  const [blocks, connection, contact, follows, favourite] = await Promise.all([
    db
      .selectFrom('blocks')
      .select(['blocker_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', viewer), eb('blocked_id', '=', other)]),
          eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', viewer)]),
        ]),
      )
      .execute(),
    connectionBetween(db, viewer, other),
    db
      .selectFrom('contacts')
      .select('connection_id')
      .where('user_id', '=', viewer)
      .where('contact_id', '=', other)
      .executeTakeFirst(),
    db
      .selectFrom('follows')
      .select(['follower_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', viewer), eb('following_id', '=', other)]),
          eb.and([eb('follower_id', '=', other), eb('following_id', '=', viewer)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('favourites')
      .select('id')
      .where('user_id', '=', viewer)
      .where('favourite_user_id', '=', other)
      .executeTakeFirst(),
  ]);
  return {
    blockedByViewer: blocks.some((b) => b.blocker_id === viewer),
    blockedViewer: blocks.some((b) => b.blocker_id === other),
    connection: connection ?? null,
    isContact: contact !== undefined,
    following: follows.some((f) => f.follower_id === viewer),
    followsViewer: follows.some((f) => f.follower_id === other),
    favouriteId: favourite?.id ?? null,
  };
}
