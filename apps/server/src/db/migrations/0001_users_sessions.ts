import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { columnTypes } from '../column-types.js';

function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectHelpers,
): CreateTableBuilder<T, 'id'> {
  return dialect.name === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const t = columnTypes(dialect);
  const bool = sql.raw(t.bool);
  const time = sql.raw(t.time);
  const no = sql.raw(t.falseValue);

  await withId(db.schema.createTable('users'), dialect)
    .addColumn('usermail', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'varchar(20)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('workspace_type', 'varchar(20)')
    .addColumn('is_active', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('activated_at', time)
    .addColumn('disabled_at', time)
    .addColumn('rules', sql.raw(t.json), (c) => c.notNull())
    .addColumn('storage_used', sql.raw(t.bigint), (c) => c.notNull().defaultTo(0))
    .addColumn('lock_code_hash', 'text')
    .addColumn('lock_code_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lock_code_locked_at', time)
    .addColumn('two_factor_enabled', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('two_factor_method', 'varchar(10)')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_pending_method', 'varchar(10)')
    .addColumn('two_factor_pending_secret', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  const flag = (name: string, on = false) =>
    [name, bool, sql.raw(on ? t.trueValue : t.falseValue)] as const;
  let profiles = withId(db.schema.createTable('user_profiles'), dialect)
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_official', 'varchar(200)')
    .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .addColumn('country', 'varchar(2)')
    .addColumn('description', 'text')
    .addColumn('organization_name', 'varchar(200)')
    .addColumn('function', 'varchar(200)')
    .addColumn('location', 'varchar(200)')
    .addColumn('phone_number', 'varchar(20)')
    .addColumn('custom_colour', 'varchar(7)')
    .addColumn('custom_logo', 'text');
  for (const [name, type, value] of [
    flag('disclose_email'),
    flag('user_has_public_profile'),
    flag('public_profile_enabled'),
    flag('enable_direct_messages', true),
    flag('delegate_notifications', true),
    flag('memo_copy_allowed', true),
    flag('memo_comments_allowed', true),
    flag('allow_reactions', true),
    flag('require_identification_for_comments'),
    flag('user_identified'),
    flag('has_pending_identification'),
  ]) {
    profiles = profiles.addColumn(name, type, (c) => c.notNull().defaultTo(value));
  }
  await profiles
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .addColumn('reauthenticated_at', time)
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('rotated_at', time)
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await withId(db.schema.createTable('user_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(30)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_codes_user_purpose_idx')
    .on('user_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  await withId(db.schema.createTable('backup_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backup_codes_user_idx')
    .on('backup_codes')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('password_resets'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'password_resets',
    'backup_codes',
    'user_codes',
    'refresh_tokens',
    'sessions',
    'user_profiles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
