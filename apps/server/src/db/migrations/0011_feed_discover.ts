import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/** Issue 6 (engagement): filled in by the module that owns these tables. */
export async function up(_db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
