import { sql, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import { collectionVisible, type Viewer } from '../audience/index.js';
import { viewerSlots, type QueryCache } from './query-cache.js';
import type { Db } from './store.js';

/**
 * What hangs off a page of memos, loaded for all of them at once: todos and tags in one
 * query, the collections (those the viewer may see) in another.
 */

export interface TodoRow {
  id: number;
  memo_id: number;
  description: string;
  closed: unknown;
  closed_by_user_id: number | null;
  closed_by_name: string | null;
  sequence_number: number;
}

/** Reactions of one type on a memo, and the viewer's reaction id when it is of that type. */
export interface ReactionCount {
  type: string;
  count: number;
  /** the viewer's reaction id, 0 when theirs is not of this type */
  mine: number;
}

export interface MemoChildren {
  todos: Map<number, TodoRow[]>;
  tags: Map<number, string[]>;
  reactions: Map<number, ReactionCount[]>;
}

interface ChildRow {
  memo_id: number;
  kind: string;
  id: number;
  text: string;
  closed: unknown;
  by_id: number | null;
  by_name: string | null;
  seq: number;
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Todos (with who closed them), tags and, when `reactionsFor` is given, reaction counts per
 * type (with that viewer's reaction) of the memos `ids`: one query. `reactionsFor` is the
 * viewer's id, or null for a visitor (counts without a reaction of theirs).
 */
function childrenQuery(db: Db, ids: readonly unknown[], reactionsFor?: unknown) {
  const list = ids as number[];
  const todos = db
    .selectFrom('memo_todos as t')
    .leftJoin('user_profiles as cp', 'cp.user_id', 't.closed_by_user_id')
    .where('t.memo_id', 'in', list)
    .select([
      't.memo_id as memo_id',
      sql<string>`'todo'`.as('kind'),
      't.id as id',
      't.description as text',
      sql<unknown>`t.closed`.as('closed'),
      't.closed_by_user_id as by_id',
      sql<string | null>`cp.name`.as('by_name'),
      't.sequence_number as seq',
    ]);
  const tags = db
    .selectFrom('memo_tags as g')
    .where('g.memo_id', 'in', list)
    .select([
      'g.memo_id as memo_id',
      sql<string>`'tag'`.as('kind'),
      sql<number>`0`.as('id'),
      'g.tag as text',
      sql<unknown>`null`.as('closed'),
      sql<number | null>`null`.as('by_id'),
      sql<string | null>`null`.as('by_name'),
      'g.position as seq',
    ]);
  if (reactionsFor === undefined) return todos.unionAll(tags);
  const mine =
    reactionsFor === null
      ? sql<number>`0`
      : sql<number>`max(case when r.user_id = ${reactionsFor} then r.id else 0 end)`;
  const reactions = db
    .selectFrom('memo_reactions as r')
    .where('r.memo_id', 'in', list)
    .groupBy(['r.memo_id', 'r.reaction_type'])
    .select([
      'r.memo_id as memo_id',
      sql<string>`'reaction'`.as('kind'),
      mine.as('id'),
      'r.reaction_type as text',
      sql<unknown>`null`.as('closed'),
      sql<number | null>`null`.as('by_id'),
      sql<string | null>`null`.as('by_name'),
      sql<number>`cast(count(*) as integer)`.as('seq'),
    ]);
  return todos.unionAll(tags).unionAll(reactions);
}

function groupChildren(rows: ChildRow[]): MemoChildren {
  const result: MemoChildren = { todos: new Map(), tags: new Map(), reactions: new Map() };
  rows.sort((a, b) => a.seq - b.seq || a.id - b.id);
  for (const row of rows) {
    if (row.kind === 'reaction') {
      push(result.reactions, row.memo_id, {
        type: row.text,
        count: Number(row.seq),
        mine: Number(row.id),
      });
    } else if (row.kind === 'tag') {
      push(result.tags, row.memo_id, row.text);
    } else {
      push(result.todos, row.memo_id, {
        id: row.id,
        memo_id: row.memo_id,
        description: row.text,
        closed: row.closed,
        closed_by_user_id: row.by_id,
        closed_by_name: row.by_name,
        sequence_number: row.seq,
      });
    }
  }
  return result;
}

/** Todos (with who closed them) and tags of the memos `ids`, each in its order. */
export async function loadChildren(db: Db, ids: number[]): Promise<MemoChildren> {
  if (ids.length === 0) return { todos: new Map(), tags: new Map(), reactions: new Map() };
  return groupChildren((await childrenQuery(db, ids).execute()) as ChildRow[]);
}

/**
 * The same for a page of memos, with the reaction counts and the viewer's reactions, the
 * query built once per page size and kind of viewer.
 */
export async function loadPageChildren(
  cache: QueryCache,
  db: Db,
  viewer: Viewer,
  ids: number[],
): Promise<MemoChildren> {
  if (ids.length === 0) return { todos: new Map(), tags: new Map(), reactions: new Map() };
  const visitor = viewer.userId === null;
  const rows = await cache.rows(
    visitor ? 'children|visitor' : 'children|user',
    visitor ? ids : [viewer.userId, ...ids],
    (slots) =>
      visitor ? childrenQuery(db, slots, null) : childrenQuery(db, slots.slice(1), slots[0]),
    { prepared: true },
  );
  return groupChildren(rows as ChildRow[]);
}

export interface CollectionRefRow {
  /** the memos_per_collection row */
  id: number;
  memo_id: number;
  sequence_number: number;
  collection_id: string;
  name: string;
  type: string;
  owner_id: number;
  owner_name: string;
  is_collaboration: unknown;
  collaboration_on_checklist: unknown;
  muted: unknown;
}

/** The collections of the memos `ids` that the viewer may see, oldest link first. */
export async function loadCollectionRefs(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, CollectionRefRow[]>> {
  const refs = new Map<number, CollectionRefRow[]>();
  if (ids.length === 0) return refs;
  const who = viewerSlots(viewer);
  const rows = await cache.rows(
    `refs|${who.key}`,
    [...who.values, ...ids],
    (slots) => {
      const slotted = who.slotted(slots);
      const v = slotted.userId;
      const muted =
        v === null
          ? sql<SqlBool>`(1 = 0)`
          : sql<SqlBool>`exists (select 1 from muted_collections mc where mc.collection_id = rc.id and mc.user_id = ${v})`;
      return db
        .selectFrom('memos_per_collection as rp')
        .innerJoin('collections as rc', 'rc.id', 'rp.collection_id')
        .innerJoin('user_profiles as op', 'op.user_id', 'rc.user_id')
        .select([
          'rp.id',
          'rp.memo_id',
          'rp.sequence_number',
          'rc.id as collection_id',
          'rc.name',
          'rc.type',
          'rc.user_id as owner_id',
          'op.name as owner_name',
          'rc.is_collaboration',
          'rc.collaboration_on_checklist',
        ])
        .select(muted.as('muted'))
        .where('rp.memo_id', 'in', slots.slice(who.size) as number[])
        .where(collectionVisible('rc', slotted, d))
        .orderBy('rp.id');
    },
    { prepared: true },
  );
  for (const row of rows) push(refs, row.memo_id, row as CollectionRefRow);
  return refs;
}
