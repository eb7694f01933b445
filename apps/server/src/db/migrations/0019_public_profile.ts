import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Issue 20: the public profile settings (docs/RULES.md, Public profile) and the profile's
 * cover and banner pictures, on the profile row: one row per person, read with the profile
 * that every profile answer already loads. The slug is unique where set (NULLs never
 * collide, on both engines), and that index is also how a visitor's /p/profile/{slug} finds it.
 */
const TEXT_COLUMNS: [string, `varchar(${number})` | 'text'][] = [
  ['public_phone', 'varchar(20)'],
  ['public_usermail', 'varchar(254)'],
  ['public_address', 'varchar(300)'],
  ['public_website', 'varchar(500)'],
  ['public_linkedin', 'varchar(500)'],
  ['public_description', 'text'],
  ['accent_color', 'varchar(7)'],
  ['cta_button_title', 'varchar(20)'],
  ['cta_button_url', 'varchar(500)'],
  ['cta_button_font_color', 'varchar(7)'],
  ['cta_button_color', 'varchar(7)'],
];

export async function up(db: Kysely<unknown>, _dialect: DialectHelpers): Promise<void> {
  await db.schema.alterTable('user_profiles').addColumn('public_slug', 'varchar(30)').execute();
  for (const [name, type] of TEXT_COLUMNS) {
    await db.schema.alterTable('user_profiles').addColumn(name, type).execute();
  }
  for (const name of ['cover_attachment_id', 'banner_attachment_id']) {
    await db.schema.alterTable('user_profiles').addColumn(name, 'integer').execute();
  }
  await db.schema
    .createIndex('user_profiles_public_slug_idx')
    .on('user_profiles')
    .column('public_slug')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_profiles_public_slug_idx').ifExists().execute();
  const columns = [
    'public_slug',
    ...TEXT_COLUMNS.map(([name]) => name),
    'cover_attachment_id',
    'banner_attachment_id',
  ];
  for (const name of columns) {
    await db.schema.alterTable('user_profiles').dropColumn(name).execute();
  }
}
