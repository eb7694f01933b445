import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { columnTypes } from '../column-types.js';

/**
 * Delegations (docs/DOMAIN.md, Entities) and the person behind a session that acts for another
 * account. The secure token is kept only as its SHA-256 hash.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const t = columnTypes(dialect);
  const time = sql.raw(t.time);
  const table = db.schema.createTable('account_delegations');
  await (
    dialect.name === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('account_user_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('delegate_user_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('rules', sql.raw(t.json), (c) => c.notNull())
    .addColumn('secure_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute();
  // One live delegation per pair; revoked ones stay as history.
  await db.schema
    .createIndex('account_delegations_active_pair_idx')
    .on('account_delegations')
    .columns(['account_user_id', 'delegate_user_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('account_delegations_delegate_idx')
    .on('account_delegations')
    .column('delegate_user_id')
    .execute();

  // SQLite may add a column with a foreign key only when its default is null, as here.
  await db.schema
    .alterTable('sessions')
    .addColumn('root_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('root_user_id').execute();
  await db.schema.dropTable('account_delegations').ifExists().execute();
}
