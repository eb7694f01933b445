import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 26: which workspaces a person shares with the viewer (workspaces/store.ts
 * workspacesShared, asked for every list of people shown) found the workspaces by reading
 * every account: 2.8 ms on PostgreSQL at 10,000 people, growing with them. Workspaces are
 * few among the accounts, so a partial index holds them alone.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .createIndex('users_workspace_idx')
    .on('users')
    .column('id')
    .where(sql<boolean>`user_type = 'workspace'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_workspace_idx').ifExists().execute();
}
