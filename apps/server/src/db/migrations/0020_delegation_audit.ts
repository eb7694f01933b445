import { sql, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { columnTypes } from '../column-types.js';

/**
 * Issue 22, delegations (docs/notes/delegations.md): the secure token a delegate switches in
 * with, sealed, so that delegate's list can show it again (the hash stays the check), and the
 * audit log of every write a delegate made while acting for an account, read newest first
 * per account.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const t = columnTypes(dialect);
  const time = sql.raw(t.time);
  await db.schema
    .alterTable('account_delegations')
    .addColumn('secure_token', 'varchar(200)')
    .execute();
  const table = db.schema.createTable('delegation_audit');
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
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('route', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delegation_audit_account_idx')
    .on('delegation_audit')
    .columns(['account_user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('delegation_audit_delegate_idx')
    .on('delegation_audit')
    .column('delegate_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delegation_audit').ifExists().execute();
  await db.schema.alterTable('account_delegations').dropColumn('secure_token').execute();
}
