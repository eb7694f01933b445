/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A unique constraint or primary key refused the write: two requests raced to write the same
 * row. SQLite names primary-key conflicts apart from unique ones.
 */
export function isDuplicate(error: unknown): boolean {
  if (isUniqueViolation(error)) return true;
  return (
    !!error &&
    typeof error === 'object' &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
