import { isUniqueViolation } from '../../db/errors.js';

/**
 * A unique constraint or primary key refused the write: two requests raced to write the same
 * relation. SQLite names primary-key conflicts apart from unique ones.
 */
export function isDuplicate(error: unknown): boolean {
  if (isUniqueViolation(error)) return true;
  return (
    !!error &&
    typeof error === 'object' &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
