import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Web push (issue 6): the browsers' push subscriptions, the topics each is on (every
 * subscription is on `news` from the start) and when a push about a memo was last sent
 * to its audience (rate limit of POST /api/memo/{id}/push-notification).
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time } = migrationTypes(dialect);

  await withId(db.schema.createTable('push_subscriptions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the push service's URL for this browser; the browser's public key and auth secret
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('last_sent_at', time)
    .addUniqueConstraint('push_subscriptions_user_endpoint', ['user_id', 'endpoint'])
    .execute();

  await db.schema
    .createTable('push_subscription_topics')
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_subscription_topics_pk', ['subscription_id', 'topic'])
    .execute();
  await db.schema
    .createIndex('push_subscription_topics_topic_idx')
    .on('push_subscription_topics')
    .columns(['topic', 'subscription_id'])
    .execute();

  await db.schema
    .createTable('push_memo_sends')
    .addColumn('memo_id', 'integer', (c) =>
      c.primaryKey().references('memos.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['push_memo_sends', 'push_subscription_topics', 'push_subscriptions']);
}
