import type { ColumnType, Generated } from 'kysely';
import type { SocialTables } from './schema-social.js';
import type { ContentTables } from './schema-content.js';
import type { MediaTables } from './schema-media.js';
import type { SocialExtrasTables } from './schema-social-extras.js';
import type { EngagementTables } from './schema-engagement.js';
import type { NotificationTables } from './schema-notifications.js';
import type { PushTables } from './schema-push.js';
import type { AccountTables } from './schema-account.js';
import type { IdentityTables } from './schema-identity.js';
import type { MessengerTables } from './schema-messenger.js';
import type { TransferTables } from './schema-transfer.js';
import type { CallTables } from './schema-calls.js';
import type { SubscriptionTables } from './schema-subscriptions.js';

/**
 * Column types shared by both engines. SQLite keeps booleans as 0/1, timestamps as ISO text
 * and JSON as text; PostgreSQL uses boolean, timestamptz and jsonb. The helpers in
 * ./dialect.ts write the right form and read either.
 */
export type DbBool = ColumnType<boolean | number, boolean | number, boolean | number>;
export type DbTime = ColumnType<Date | string, Date | string, Date | string>;
export type DbJson = ColumnType<unknown, string, string>;
/** bigint in PostgreSQL comes back as a string. */
export type DbBigInt = ColumnType<number | string, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  usermail: string;
  password_hash: string;
  user_type: ColumnType<string, string | undefined, string>;
  workspace_type: string | null;
  is_active: DbBool;
  activated_at: DbTime | null;
  disabled_at: DbTime | null;
  rules: DbJson;
  storage_used: DbBigInt;
  lock_code_hash: string | null;
  lock_code_failures: ColumnType<number, number | undefined, number>;
  lock_code_locked_at: DbTime | null;
  two_factor_enabled: DbBool;
  two_factor_method: string | null;
  two_factor_secret: string | null;
  two_factor_pending_method: string | null;
  two_factor_pending_secret: string | null;
  two_factor_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** free | bronze | silver (docs/RULES.md, Plans) */
  plan: ColumnType<string, string | undefined, string>;
  /** storage bought as add-ons, in bytes */
  storage_order_bytes: ColumnType<number | string, number | undefined, number>;
  /** calls allowed without a plan (0026) */
  webcalls_allowed: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: DbTime;
  updated_at: DbTime;
}

/** A nullable text column inserts may leave out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface UserProfilesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_official: string | null;
  locale: string;
  country: string | null;
  description: string | null;
  organization_name: string | null;
  function: string | null;
  location: string | null;
  phone_number: string | null;
  disclose_email: DbBool;
  user_has_public_profile: DbBool;
  public_profile_enabled: DbBool;
  enable_direct_messages: DbBool;
  custom_colour: string | null;
  custom_logo: string | null;
  delegate_notifications: DbBool;
  memo_copy_allowed: DbBool;
  memo_comments_allowed: DbBool;
  allow_reactions: DbBool;
  require_identification_for_comments: DbBool;
  user_identified: DbBool;
  has_pending_identification: DbBool;
  /** the account picture (attachments, owner_kind avatar), set by the media module */
  avatar_attachment_id: number | null;
  /** the profile cover and the public profile banner (attachments, owner_kind cover / banner) */
  cover_attachment_id: ColumnType<number | null, number | null | undefined, number | null>;
  banner_attachment_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the public profile's own picture (attachments, owner_kind public_picture) */
  public_picture_attachment_id: ColumnType<number | null, number | null | undefined, number | null>;
  // billing fields (migration 0026, docs/notes/subscriptions.md)
  billing_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  billing_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  billing_email: ColumnType<string | null, string | null | undefined, string | null>;
  billing_company_name: ColumnType<string | null, string | null | undefined, string | null>;
  billing_vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  billing_address_one: ColumnType<string | null, string | null | undefined, string | null>;
  billing_zipcode: ColumnType<string | null, string | null | undefined, string | null>;
  billing_place: ColumnType<string | null, string | null | undefined, string | null>;
  billing_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** the public profile settings (docs/RULES.md, Public profile); the slug is unique */
  public_slug: OptionalText;
  public_phone: OptionalText;
  public_usermail: OptionalText;
  public_address: OptionalText;
  public_website: OptionalText;
  public_linkedin: OptionalText;
  public_description: OptionalText;
  accent_color: OptionalText;
  cta_button_title: OptionalText;
  cta_button_url: OptionalText;
  cta_button_font_color: OptionalText;
  cta_button_color: OptionalText;
  created_at: DbTime;
  updated_at: DbTime;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  scope: string;
  created_at: DbTime;
  expires_at: DbTime;
  revoked_at: DbTime | null;
  reauthenticated_at: DbTime | null;
  user_agent: string | null;
  /** the client address at sign-in, then at each token refresh (the sessions list) */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** the last sign-in or token refresh */
  last_used_at: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** the person signed in when the session acts for another account (a delegation) */
  root_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: number;
  created_at: DbTime;
  rotated_at: DbTime | null;
}

export interface UserCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  code_hash: string;
  tries: ColumnType<number, number | undefined, number>;
  expires_at: DbTime;
  created_at: DbTime;
}

export interface BackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: DbTime | null;
  created_at: DbTime;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: DbTime;
  used_at: DbTime | null;
  created_at: DbTime;
}

export interface AccountDelegationsTable {
  id: Generated<number>;
  account_user_id: number;
  delegate_user_id: number;
  rules: DbJson;
  secure_token_hash: string;
  /** the token sealed for the delegate's list (migration 0020); null on older rows */
  secure_token: string | null;
  created_at: DbTime;
  revoked_at: DbTime | null;
}

export interface DelegationAuditTable {
  id: Generated<number>;
  account_user_id: number;
  delegate_user_id: number;
  method: string;
  route: string;
  status: number;
  created_at: DbTime;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  type: string;
  payload: DbJson;
  run_at: DbTime;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  locked_by: string | null;
  locked_at: DbTime | null;
  /** at most one queued job per key */
  unique_key: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  finished_at: DbTime | null;
}

export interface DatabaseSchema
  extends
    SocialTables,
    ContentTables,
    SocialExtrasTables,
    MediaTables,
    EngagementTables,
    NotificationTables,
    PushTables,
    AccountTables,
    IdentityTables,
    MessengerTables,
    TransferTables,
    CallTables,
    SubscriptionTables {
  users: UsersTable;
  user_profiles: UserProfilesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  user_codes: UserCodesTable;
  backup_codes: BackupCodesTable;
  password_resets: PasswordResetsTable;
  account_delegations: AccountDelegationsTable;
  delegation_audit: DelegationAuditTable;
  jobs: JobsTable;
}
