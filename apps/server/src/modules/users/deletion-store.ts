import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { readCount } from '../../db/dialect.js';

type Db = Kysely<DatabaseSchema>;

interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: string;
}

/**
 * The foreign keys of the schema, read from the database itself so tables added by later
 * migrations (memos, collections, media, …) are covered without a list to keep up to date.
 */
async function foreignKeys(db: Db, d: DialectHelpers): Promise<ForeignKey[]> {
  const query =
    d.name === 'sqlite'
      ? sql<ForeignKey>`select m.name as "table", p."from" as "column", p."table" as "refTable",
          coalesce(p."to", 'id') as "refColumn", upper(p.on_delete) as "onDelete"
          from sqlite_master m, pragma_foreign_key_list(m.name) p
          where m.type = 'table'`
      : sql<ForeignKey>`select cl.relname as "table", a.attname as "column",
          rcl.relname as "refTable", ra.attname as "refColumn",
          case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL'
            when 'd' then 'SET DEFAULT' when 'r' then 'RESTRICT' else 'NO ACTION' end as "onDelete"
          from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid
          join pg_namespace n on n.oid = cl.relnamespace
          join pg_class rcl on rcl.oid = c.confrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
          where c.contype = 'f' and n.nspname = current_schema()`;
  return (await query.execute(db)).rows;
}

const MAX_DEPTH = 6;

/**
 * For every table, the condition selecting the rows that deleting user `userId` removes
 * through ON DELETE CASCADE chains starting at users.
 */
function cascadeConditions(keys: ForeignKey[], userId: number): Map<string, RawBuilder<boolean>> {
  const conditions = new Map<string, RawBuilder<boolean>[]>();
  const visit = (table: string, condition: RawBuilder<boolean>, path: string[]) => {
    if (path.length > MAX_DEPTH) return;
    for (const key of keys) {
      if (key.refTable !== table || key.onDelete !== 'CASCADE' || path.includes(key.table)) {
        continue;
      }
      const child = sql<boolean>`${sql.ref(`${key.table}.${key.column}`)} in (select ${sql.ref(`${table}.${key.refColumn}`)} from ${sql.table(table)} where ${condition})`;
      conditions.set(key.table, [...(conditions.get(key.table) ?? []), child]);
      visit(key.table, child, [...path, key.table]);
    }
  };
  visit('users', sql<boolean>`${sql.ref('users.id')} = ${userId}`, ['users']);
  const merged = new Map<string, RawBuilder<boolean>>();
  for (const [table, parts] of conditions) {
    merged.set(table, sql<boolean>`(${sql.join(parts, sql` or `)})`);
  }
  return merged;
}

/**
 * Deletes the user row; the schema's cascades remove everything the account owns. Answers
 * how many rows each table loses, counted just before, in the same transaction.
 */
export async function deleteUserCascading(
  db: Db,
  d: DialectHelpers,
  userId: number,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const [table, condition] of cascadeConditions(await foreignKeys(db, d), userId)) {
    const { rows } = await sql<{
      count: unknown;
    }>`select count(*) as count from ${sql.table(table)} where ${condition}`.execute(db);
    const count = readCount(rows[0]?.count);
    if (count > 0) removed[table] = count;
  }
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  removed.users = Number(result.numDeletedRows);
  return removed;
}
