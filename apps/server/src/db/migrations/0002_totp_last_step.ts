import type { Kysely } from 'kysely';

/** The last TOTP time step used to sign in, so a code cannot be replayed within its window. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_factor_last_step').execute();
}
