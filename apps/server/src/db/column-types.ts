import type { DialectHelpers } from './dialect.js';

/** Column type names per engine, for migrations. */
export function columnTypes(dialect: DialectHelpers) {
  const pg = dialect.name === 'postgres';
  return {
    bool: pg ? 'boolean' : 'integer',
    time: pg ? 'timestamptz' : 'text',
    json: pg ? 'jsonb' : 'text',
    bigint: pg ? 'bigint' : 'integer',
    falseValue: pg ? 'false' : '0',
    trueValue: pg ? 'true' : '1',
  } as const;
}
