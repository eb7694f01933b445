import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 20: the public profile's own picture (docs/RULES.md, Public profile), on the profile
 * row next to the cover and the banner: an attachment with owner_kind public_picture.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .addColumn('public_picture_attachment_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropColumn('public_picture_attachment_id').execute();
}
