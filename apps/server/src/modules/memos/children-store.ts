import { sql, type SqlBool } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import { collectionVisible, type Viewer } from '../audience/index.js';
import { viewerSlots, type QueryCache } from './query-cache.js';
import type { Db } from './store.js';

/**
 * What hangs off a page of memos, loaded for all of them at once in one query: todos, tags,
 * reaction counts and the collections the viewer may see. Each part of the query names its
 * kind and fills the same columns (those it has no use for are null), so a page's details
 * are one statement, not one per kind: on PostgreSQL each statement is a round trip, and
 * these ran for every list and memo read (docs/PERFORMANCE.md, "One statement for a page's
 * details").
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

/** A row of the page's details: a child, or (kind `collection`) a collection the memo is in. */
interface DetailRow extends ChildRow {
  collection_id: string | null;
  collection_type: string | null;
  collaboration: unknown;
  on_checklist: unknown;
  muted: unknown;
}

/**
 * The columns only a collection's row fills, null in the other kinds' rows. Typed: PostgreSQL
 * settles a union's column types two parts at a time, and two bare nulls would become text.
 */
const noCollection = [
  sql<string | null>`cast(null as varchar)`.as('collection_id'),
  sql<string | null>`cast(null as varchar)`.as('collection_type'),
  sql<unknown>`cast(null as boolean)`.as('collaboration'),
  sql<unknown>`cast(null as boolean)`.as('on_checklist'),
  sql<unknown>`cast(null as boolean)`.as('muted'),
];

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
      ...noCollection,
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
      ...noCollection,
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
      ...noCollection,
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

/** The collections of the memos `ids` the viewer may see, as rows of the details' shape. */
function collectionsQuery(db: Db, d: DialectHelpers, viewer: Viewer, ids: readonly unknown[]) {
  const v = viewer.userId;
  const muted =
    v === null
      ? sql<SqlBool>`(1 = 0)`
      : sql<SqlBool>`exists (select 1 from muted_collections mc where mc.collection_id = rc.id and mc.user_id = ${v})`;
  return db
    .selectFrom('memos_per_collection as rp')
    .innerJoin('collections as rc', 'rc.id', 'rp.collection_id')
    .innerJoin('user_profiles as op', 'op.user_id', 'rc.user_id')
    .select([
      'rp.memo_id as memo_id',
      sql<string>`'collection'`.as('kind'),
      'rp.id as id',
      'rc.name as text',
      sql<unknown>`null`.as('closed'),
      'rc.user_id as by_id',
      sql<string | null>`op.name`.as('by_name'),
      'rp.sequence_number as seq',
      sql<string | null>`rc.id`.as('collection_id'),
      sql<string | null>`rc.type`.as('collection_type'),
      sql<unknown>`rc.is_collaboration`.as('collaboration'),
      sql<unknown>`rc.collaboration_on_checklist`.as('on_checklist'),
      muted.as('muted'),
    ])
    .where('rp.memo_id', 'in', ids as number[])
    .where(collectionVisible('rc', viewer, d));
}

export interface PageDetails {
  children: MemoChildren;
  /** per memo, oldest link first */
  refs: Map<number, CollectionRefRow[]>;
}

/**
 * For a page of memos: their todos, tags, reaction counts (with the viewer's reaction) and the
 * collections the viewer may see, in one query built once per page size and kind of viewer.
 */
export async function loadPageDetails(
  cache: QueryCache,
  db: Db,
  d: DialectHelpers,
  viewer: Viewer,
  ids: number[],
): Promise<PageDetails> {
  const refs = new Map<number, CollectionRefRow[]>();
  if (ids.length === 0) {
    return { children: { todos: new Map(), tags: new Map(), reactions: new Map() }, refs };
  }
  const who = viewerSlots(viewer);
  const rows = (await cache.rows(
    `details|${who.key}`,
    [...who.values, ...ids],
    (slots) => {
      const slotted = who.slotted(slots);
      const memoIds = slots.slice(who.size);
      return childrenQuery(db, memoIds, slotted.userId).unionAll(
        collectionsQuery(db, d, slotted, memoIds),
      );
    },
    { prepared: true },
  )) as DetailRow[];
  const children: ChildRow[] = [];
  const links: DetailRow[] = [];
  for (const row of rows) (row.kind === 'collection' ? links : children).push(row);
  links.sort((a, b) => a.id - b.id);
  for (const link of links) {
    push(refs, link.memo_id, {
      id: link.id,
      memo_id: link.memo_id,
      sequence_number: link.seq,
      collection_id: link.collection_id as string,
      name: link.text,
      type: link.collection_type as string,
      owner_id: link.by_id as number,
      owner_name: link.by_name ?? '',
      is_collaboration: link.collaboration,
      collaboration_on_checklist: link.on_checklist,
      muted: link.muted,
    });
  }
  return { children: groupChildren(children), refs };
}
