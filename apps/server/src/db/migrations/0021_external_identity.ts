import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { dropTables, migrationTypes, withId } from '../table-builders.js';

/**
 * Identity verification and sign-in through an external OpenID Connect provider (issue 20,
 * docs/notes/identity-verification.md): the identities linked to accounts, and the
 * authorisation requests on their way through the provider.
 */
export async function up(db: Kysely<unknown>, dialect: DialectHelpers): Promise<void> {
  const { time } = migrationTypes(dialect);

  await withId(db.schema.createTable('external_identities'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('official_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('verified_at', time, (c) => c.notNull())
    // one account per identity at a provider, and one identity per account at a provider
    .addUniqueConstraint('external_identities_subject_unique', ['issuer', 'subject'])
    .addUniqueConstraint('external_identities_user_unique', ['user_id', 'issuer'])
    .execute();

  await withId(db.schema.createTable('identity_requests'), dialect)
    // verify (an account proving its name) or login (someone signing in)
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // hashes of the state sent through the provider and of the secret the browser polls with
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('poll_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('locale', 'varchar(10)', (c) => c.notNull())
    // waiting, done or failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('result_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('error', 'varchar(60)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_requests_expiry_idx')
    .on('identity_requests')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['identity_requests', 'external_identities']);
}
