import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern for a search text: case-insensitive substring, wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `column` contains `search` (case-insensitive), on both engines. */
export function textMatches(column: string, search: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(search)} escape '!'`;
}
