import type { Generated } from 'kysely';
import type { DbTime } from './schema.js';

/** Identity verification and external sign-in (issue 20): tables of migration 0020. */
export interface ExternalIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  official_name: string;
  verified_at: DbTime;
}

export type IdentityPurpose = 'verify' | 'login';
export type IdentityRequestStatus = 'waiting' | 'done' | 'failed';

export interface IdentityRequestsTable {
  id: Generated<number>;
  purpose: IdentityPurpose;
  /** the account verifying itself; null for a sign-in */
  user_id: number | null;
  state_hash: string;
  poll_hash: string | null;
  code_verifier: string;
  nonce: string;
  locale: string;
  status: IdentityRequestStatus;
  /** the account the provider's answer signs in (sign-in only) */
  result_user_id: number | null;
  /** the message key of a failure */
  error: string | null;
  created_at: DbTime;
  expires_at: DbTime;
}

export interface IdentityTables {
  external_identities: ExternalIdentitiesTable;
  identity_requests: IdentityRequestsTable;
}
