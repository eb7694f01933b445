import type { Kysely } from 'kysely';
import type { DialectHelpers } from '../../db/dialect.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { IdentityPurpose } from '../../db/schema-identity.js';

type Db = Kysely<DatabaseSchema>;

/** Linked identities and requests on their way through the provider (0021_external_identity). */

export async function insertIdentityRequest(
  db: Db,
  d: DialectHelpers,
  request: {
    purpose: IdentityPurpose;
    userId: number | null;
    stateHash: string;
    pollHash: string | null;
    codeVerifier: string;
    nonce: string;
    locale: string;
    expiresAt: Date;
  },
): Promise<void> {
  // requests nobody finished are forgotten once expired
  await db.deleteFrom('identity_requests').where('expires_at', '<', d.time(new Date())).execute();
  await db
    .insertInto('identity_requests')
    .values({
      purpose: request.purpose,
      user_id: request.userId,
      state_hash: request.stateHash,
      poll_hash: request.pollHash,
      code_verifier: request.codeVerifier,
      nonce: request.nonce,
      locale: request.locale,
      status: 'waiting',
      result_user_id: null,
      error: null,
      created_at: d.time(new Date()),
      expires_at: d.time(request.expiresAt),
    })
    .execute();
}

export function findRequestByState(db: Db, stateHash: string) {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
}

export function findRequestByPoll(db: Db, pollHash: string) {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('poll_hash', '=', pollHash)
    .executeTakeFirst();
}

/**
 * Records the provider's answer once: false when the request was answered already (a
 * callback replayed, or two at once).
 */
export async function settleRequest(
  db: Db,
  id: number,
  outcome: { status: 'done' | 'failed'; resultUserId?: number | null; error?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_requests')
    .set({
      status: outcome.status,
      result_user_id: outcome.resultUserId ?? null,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A sign-in request is used once: its poll secret stops working. */
export async function consumeRequest(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('identity_requests')
    .where('id', '=', id)
    .where('poll_hash', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('external_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Links (or refreshes the link of) an identity to the account. */
export async function linkIdentity(
  db: Db,
  d: DialectHelpers,
  link: { userId: number; issuer: string; subject: string; officialName: string; at: Date },
): Promise<void> {
  await db
    .deleteFrom('external_identities')
    .where('user_id', '=', link.userId)
    .where('issuer', '=', link.issuer)
    .execute();
  await db
    .insertInto('external_identities')
    .values({
      user_id: link.userId,
      issuer: link.issuer,
      subject: link.subject,
      official_name: link.officialName,
      verified_at: d.time(link.at),
    })
    .execute();
}

/** The account's latest verification: by which provider and when. */
export function latestIdentityOf(db: Db, userId: number) {
  return db
    .selectFrom('external_identities')
    .select(['issuer', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('verified_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
