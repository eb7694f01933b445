import { sql, type SqlBool } from 'kysely';
import { TODO_HEADER_PREFIX } from '@memoria/domain';
import { readBool, type DialectHelpers } from '../../db/dialect.js';
import { collectionWritable, type Viewer } from '../audience/index.js';
import type { TodoRow } from './children-store.js';
import type { Db } from './store.js';
import { queryCacheOf } from '../../db/query-cache.js';
import { viewerSlots } from './query-cache.js';

/**
 * Todo lists (docs/DOMAIN.md, Entities: memo_todos, States: Todo item, Validation: todo-list
 * editor).
 */

export interface TodoInput {
  id?: number;
  description: string;
  closed: boolean;
}

/** A line starting with ## is a group header: it has no checkbox. */
export const isHeader = (description: string) =>
  description.trimStart().startsWith(TODO_HEADER_PREFIX);

/**
 * Replaces the memo's todos with `todos` (already without empty ones), in that order.
 * Items sent with the id of one of this memo's todos keep it; others are new; todos not
 * sent are removed. A change of `closed` records who made it.
 */
export async function replaceTodos(
  trx: Db,
  d: DialectHelpers,
  memoId: number,
  todos: TodoInput[],
  actorId: number,
): Promise<void> {
  const existing = await trx
    .selectFrom('memo_todos')
    .select(['id', 'description', 'closed', 'sequence_number'])
    .where('memo_id', '=', memoId)
    .execute();
  const byId = new Map(existing.map((row) => [row.id, row]));
  const kept = new Set<number>();
  const now = d.time(new Date());
  const inserts: Array<{ index: number; todo: TodoInput }> = [];
  const updates: Array<() => Promise<unknown>> = [];
  todos.forEach((todo, index) => {
    const closed = todo.closed && !isHeader(todo.description);
    const old = todo.id !== undefined ? byId.get(todo.id) : undefined;
    if (!old || kept.has(old.id)) {
      inserts.push({ index, todo: { ...todo, closed } });
      return;
    }
    kept.add(old.id);
    const closedChanged = readBool(old.closed) !== closed;
    if (!closedChanged && old.description === todo.description && old.sequence_number === index) {
      return;
    }
    updates.push(() =>
      trx
        .updateTable('memo_todos')
        .set({
          description: todo.description,
          sequence_number: index,
          ...(closedChanged
            ? {
                closed: d.bool(closed),
                closed_by_user_id: closed ? actorId : null,
                closed_at: closed ? now : null,
              }
            : {}),
        })
        .where('id', '=', old.id)
        .execute(),
    );
  });
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await trx.deleteFrom('memo_todos').where('id', 'in', removed).execute();
  for (const update of updates) await update();
  if (inserts.length > 0) {
    await trx
      .insertInto('memo_todos')
      .values(
        inserts.map(({ index, todo }) => ({
          memo_id: memoId,
          description: todo.description,
          closed: d.bool(todo.closed),
          closed_by_user_id: todo.closed ? actorId : null,
          closed_at: todo.closed ? now : null,
          sequence_number: index,
        })),
      )
      .execute();
  }
}

/** A todo with its memo's author, and whether the viewer may tick it as a collaborator. */
export async function findTodoForToggle(db: Db, d: DialectHelpers, viewer: Viewer, todoId: number) {
  // built once per kind of viewer and prepared (db/query-cache.ts): planning the
  // collaboration conditions took 0.8 ms a tick on PostgreSQL (docs/PERFORMANCE.md)
  const who = viewerSlots(viewer);
  const [row] = await queryCacheOf(db).rows(
    `todo-for-toggle|${who.key}`,
    [...who.values, todoId],
    (slots) => todoForToggleQuery(db, d, who.slotted(slots), slots[who.size] as number),
    { prepared: true },
  );
  return row;
}

function todoForToggleQuery(db: Db, d: DialectHelpers, viewer: Viewer, todoId: number) {
  const checklist = sql<SqlBool>`exists (select 1 from memos_per_collection tp
    inner join collections tc on tc.id = tp.collection_id
    where tp.memo_id = t.memo_id and tc.collaboration_on_checklist = ${sql.lit(d.bool(true))}
    and ${collectionWritable('tc', viewer, d)})`;
  return db
    .selectFrom('memo_todos as t')
    .select(['t.id', 't.memo_id', 't.description', 't.closed', 't.sequence_number'])
    .select(sql<number>`case when ${checklist} then 1 else 0 end`.as('may_tick'))
    .where('t.id', '=', todoId);
}

/** Sets the todo's closed state; answers the row as lists present it. */
export async function setTodoClosed(
  db: Db,
  d: DialectHelpers,
  todoId: number,
  closed: boolean,
  actor: { id: number; name: string },
): Promise<TodoRow> {
  const row = await db
    .updateTable('memo_todos')
    .set({
      closed: d.bool(closed),
      closed_by_user_id: closed ? actor.id : null,
      closed_at: closed ? d.time(new Date()) : null,
    })
    .where('id', '=', todoId)
    .returning(['id', 'memo_id', 'description', 'closed', 'closed_by_user_id', 'sequence_number'])
    .executeTakeFirstOrThrow();
  return { ...row, closed_by_name: closed ? actor.name : null };
}
