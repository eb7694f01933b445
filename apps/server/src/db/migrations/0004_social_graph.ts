import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * The relations every audience rule reads (docs/RULES.md, Audiences): connection requests, the
 * symmetric contact edges of active connections, follows and blocks.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { bool, time, no } = migrationTypes(dialect);

  // A request from user_outbound (sender) to user_inbound (receiver), or to an email
  // address that has no account yet (user_inbound null until they sign up).
  await withId(db.schema.createTable('connections'), dialect)
    .addColumn('user_outbound_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_inbound_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_to_email', 'varchar(254)')
    .addColumn('personal_message', 'text')
    // requested | active | rejected
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('valid_until', time)
    .addColumn('auto_accepted', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('watching_by_outbound', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('watching_by_inbound', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('accepted_at', time)
    .addColumn('rejected_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('connections_outbound_idx')
    .on('connections')
    .columns(['user_outbound_id', 'status'])
    .execute();
  await db.schema
    .createIndex('connections_inbound_idx')
    .on('connections')
    .columns(['user_inbound_id', 'status'])
    .execute();
  await db.schema
    .createIndex('connections_email_idx')
    .on('connections')
    .column('user_to_email')
    .execute();

  // Two rows per active connection (a→b and b→a), written in the same transaction as the
  // connection, so "is b a contact of a" is one primary-key lookup.
  await db.schema
    .createTable('contacts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('connection_id', 'integer', (c) =>
      c.notNull().references('connections.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('contacts_pk', ['user_id', 'contact_id'])
    .execute();
  await db.schema
    .createIndex('contacts_contact_idx')
    .on('contacts')
    .columns(['contact_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('following_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'following_id'])
    .execute();
  await db.schema
    .createIndex('follows_following_idx')
    .on('follows')
    .columns(['following_id', 'follower_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('blocks_blocked_idx')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['blocks', 'follows', 'contacts', 'connections']);
}
