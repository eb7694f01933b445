import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectHelpers } from './dialect.js';
import { columnTypes } from './column-types.js';

/** An integer primary key that the engine numbers itself. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectHelpers,
): CreateTableBuilder<T, 'id'> {
  return dialect.name === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Raw column types and literal defaults for the running engine. */
export function migrationTypes(dialect: DialectHelpers) {
  const t = columnTypes(dialect);
  return {
    bool: sql.raw(t.bool),
    time: sql.raw(t.time),
    json: sql.raw(t.json),
    bigint: sql.raw(t.bigint),
    no: sql.raw(t.falseValue),
    yes: sql.raw(t.trueValue),
  };
}

export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
