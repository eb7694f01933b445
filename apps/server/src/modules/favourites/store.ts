import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { byCountStatement, queryCacheOf } from '../../db/query-cache.js';
import { collectionVisible } from '../audience/index.js';

type Db = Kysely<DatabaseSchema>;

export async function insertFavourite(
  db: Db,
  d: DialectHelpers,
  userId: number,
  target: { collectionId: string } | { userId: number },
): Promise<number> {
  const row = await db
    .insertInto('favourites')
    .values({
      user_id: userId,
      type: 'collectionId' in target ? 'collection' : 'connection',
      collection_id: 'collectionId' in target ? target.collectionId : null,
      favourite_user_id: 'userId' in target ? target.userId : null,
      created_at: d.time(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The viewer's favourite collections they may still see, oldest first, paged. */
export async function listFavouriteCollections(
  db: Db,
  d: DialectHelpers,
  viewer: number,
  page: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('favourites as f')
    .innerJoin('collections as c', 'c.id', 'f.collection_id')
    .where('f.user_id', '=', viewer)
    .where('f.type', '=', 'collection')
    .where(collectionVisible('c', { userId: viewer }, d));
  const [rows, count] = await Promise.all([
    base
      .select([
        'f.id',
        'f.created_at',
        'c.id as collection_id',
        'c.name',
        'c.user_id as owner_id',
        'c.is_collaboration',
      ])
      .orderBy('f.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}

/**
 * The viewer's favourite contacts who are still connections, available and not blocked
 * either way, oldest first, paged.
 */
export async function listFavouriteContacts(
  db: Db,
  viewer: number,
  page: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('favourites as f')
    .innerJoin('contacts as ct', (join) =>
      join.onRef('ct.contact_id', '=', 'f.favourite_user_id').on('ct.user_id', '=', viewer),
    )
    .innerJoin('users as u', 'u.id', 'f.favourite_user_id')
    .where('f.user_id', '=', viewer)
    .where('f.type', '=', 'connection')
    .where('u.disabled_at', 'is', null)
    .where(
      sql<SqlBool>`not exists (select 1 from blocks bl
        where (bl.blocker_id = ${viewer} and bl.blocked_id = u.id)
           or (bl.blocker_id = u.id and bl.blocked_id = ${viewer}))`,
    );
  const [rows, count] = await Promise.all([
    base
      .select(['f.id', 'f.created_at', 'f.favourite_user_id'])
      .orderBy('f.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}

export function findFavourite(db: Db, userId: number, id: number) {
  return db
    .selectFrom('favourites')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCollectionFavourite(db: Db, userId: number, collectionId: string) {
  return db
    .selectFrom('favourites')
    .selectAll()
    .where('user_id', '=', userId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

export async function deleteFavourite(db: Db, id: number): Promise<void> {
  await db.deleteFrom('favourites').where('id', '=', id).execute();
}

/** The viewer's favourite rows for these collections (collection id → favourite id). */
export async function favouriteIdsForCollections(
  db: Db,
  viewer: number,
  collectionIds: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  const unique = [...new Set(collectionIds)];
  for (let start = 0; start < unique.length; start += 900) {
    // built once per number of collections (db/query-cache.ts): every collection list asks
    const chunk = unique.slice(start, start + 900);
    const rows = await queryCacheOf(db).rows(
      'favourites-of-collections',
      [viewer, ...chunk],
      (slots) =>
        db
          .selectFrom('favourites')
          .select(['id', 'collection_id'])
          .where('user_id', '=', slots[0] as number)
          .where('collection_id', 'in', slots.slice(1) as string[]),
      byCountStatement(chunk.length),
    );
    for (const row of rows) if (row.collection_id !== null) map.set(row.collection_id, row.id);
  }
  return map;
}

/** Favourites a and b keep of each other and of each other's collections, removed (a block). */
export async function deleteFavouritesBetween(db: Db, a: number, b: number): Promise<void> {
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

/** A collection `viewer` may see, by id (favourites of collections). */
export function findVisibleCollection(db: Db, d: DialectHelpers, viewer: number, id: string) {
  return db
    .selectFrom('collections as c')
    .select(['c.id', 'c.name', 'c.user_id', 'c.is_collaboration'])
    .where('c.id', '=', id)
    .where(collectionVisible('c', { userId: viewer }, d))
    .executeTakeFirst();
}
