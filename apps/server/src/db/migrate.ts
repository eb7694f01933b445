import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectHelpers } from './dialect.js';
import type { Database } from './database.js';
import * as m0001 from './migrations/0001_users_sessions.js';
import * as m0002 from './migrations/0002_totp_last_step.js';
import * as m0003 from './migrations/0003_account_delegations.js';
import * as m0004 from './migrations/0004_social_graph.js';
import * as m0005 from './migrations/0005_collections_memos.js';
import * as m0006 from './migrations/0006_jobs_and_plans.js';
import * as m0007 from './migrations/0007_social_extras.js';
import * as m0008 from './migrations/0008_attachments.js';
import * as m0009 from './migrations/0009_comments_reactions.js';
import * as m0010 from './migrations/0010_notifications.js';
import * as m0011 from './migrations/0011_feed_discover.js';
import * as m0012push from './migrations/0012_push.js';
import * as m0013 from './migrations/0013_media_avatar.js';
import * as m0014 from './migrations/0014_people_by_name.js';
import * as m0015 from './migrations/0015_notification_indexes.js';
import * as m0016 from './migrations/0016_unread_by_recipient.js';
import * as m0017 from './migrations/0017_unread_counters.js';
import * as m0018 from './migrations/0018_account.js';
import * as m0019 from './migrations/0019_public_profile.js';
import * as m0020 from './migrations/0020_delegation_audit.js';
import * as m0021 from './migrations/0021_external_identity.js';
import * as m0022 from './migrations/0022_messenger.js';
import * as m0023 from './migrations/0023_messenger_media.js';
import * as m0024 from './migrations/0024_message_digest.js';
import * as m0025 from './migrations/0025_public_profile_picture.js';
import * as m0026 from './migrations/0026_transfers.js';
import * as m0027 from './migrations/0027_calls.js';
import * as m0028 from './migrations/0028_subscriptions.js';
import * as m0029 from './migrations/0029_call_heartbeat.js';
import * as m0030 from './migrations/0030_transfer_collection.js';
import * as m0031 from './migrations/0031_transfer_filing_mail.js';
import * as m0032 from './migrations/0032_feed_by_author.js';
import * as m0033 from './migrations/0033_discoverable_memos.js';
import * as m0034 from './migrations/0034_workspace_accounts_idx.js';
import * as m0035 from './migrations/0035_disabled_accounts_idx.js';
import * as m0036 from './migrations/0036_collection_order_covering.js';

/** A migration gets the engine so it can pick column types; the names keep their order. */
export interface VersionedMigration {
  up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void>;
}

// Listed by hand: the server is bundled, so there is no migrations folder to scan at run time.
const MIGRATIONS: Record<string, VersionedMigration> = {
  '0001_users_sessions': m0001,
  '0002_totp_last_step': m0002,
  '0003_account_delegations': m0003,
  '0004_social_graph': m0004,
  '0005_collections_memos': m0005,
  '0006_jobs_and_plans': m0006,
  '0007_social_extras': m0007,
  '0008_attachments': m0008,
  '0009_comments_reactions': m0009,
  '0010_notifications': m0010,
  '0011_feed_discover': m0011,
  '0012_push': m0012push,
  '0013_media_avatar': m0013,
  '0014_people_by_name': m0014,
  '0015_notification_indexes': m0015,
  '0016_unread_by_recipient': m0016,
  '0017_unread_counters': m0017,
  '0018_account': m0018,
  '0019_public_profile': m0019,
  '0020_delegation_audit': m0020,
  '0021_external_identity': m0021,
  '0022_messenger': m0022,
  '0023_messenger_media': m0023,
  '0024_message_digest': m0024,
  '0025_public_profile_picture': m0025,
  '0026_transfers': m0026,
  '0027_calls': m0027,
  '0028_subscriptions': m0028,
  '0029_call_heartbeat': m0029,
  '0030_transfer_collection': m0030,
  '0031_transfer_filing_mail': m0031,
  '0032_feed_by_author': m0032,
  '0033_discoverable_memos': m0033,
  '0034_workspace_accounts_idx': m0034,
  '0035_disabled_accounts_idx': m0035,
  '0036_collection_order_covering': m0036,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectHelpers) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(MIGRATIONS)) {
      const down = migration.down;
      result[name] = {
        up: (db) => migration.up(db, this.dialect),
        ...(down ? { down: (db: Kysely<unknown>) => down(db, this.dialect) } : {}),
      };
    }
    return result;
  }
}

function migratorFor(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: new StaticMigrationProvider(database.dialect),
    // Kysely looks for its tables in every schema; name ours so a neighbouring schema
    // (another test file's, another app's) is never mistaken for this one.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/**
 * Kysely's migrator reads the whole catalog to find its own tables. A neighbouring schema
 * (another app's on the same server, another test file's) dropped during that read fails it
 * with PostgreSQL's invalid_schema_name (or undefined_table, a relation of it) naming that
 * schema, before anything was changed, so the read is made again.
 */
export async function pastNeighbourDrops<T>(
  database: Database,
  read: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 5 || !neighbourSchemaGone(error, database.schema)) throw error;
    }
  }
}

/**
 * PostgreSQL's invalid_schema_name, undefined_table (the schema went between two reads) and
 * undefined_column: Kysely's catalog read asks `pg_get_serial_sequence` for every column, which
 * looks the table up by name at that moment and answers `column "x" of relation "y" does not
 * exist` when a neighbour's table went meanwhile (seen in the CI runs of 28-29 November).
 */
const GONE_CODES = new Set(['3F000', '42P01', '42703']);

function neighbourSchemaGone(error: unknown, own: string | undefined): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    typeof code === 'string' &&
    GONE_CODES.has(code) &&
    typeof message === 'string' &&
    (own === undefined || !(message.includes(`"${own}"`) || message.includes(`"${own}.`)))
  );
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const { results } = await pastNeighbourDrops(database, async () => {
    const outcome = await migratorFor(database).migrateToLatest();
    const { error } = outcome;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return outcome;
  });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Every known migration, in order, with when it was applied (null: pending). */
export async function migrationStatus(
  database: Database,
): Promise<Array<{ name: string; appliedAt: Date | null }>> {
  const infos = await pastNeighbourDrops(database, () => migratorFor(database).getMigrations());
  return infos.map((info) => ({ name: info.name, appliedAt: info.executedAt ?? null }));
}
