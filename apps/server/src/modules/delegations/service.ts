import {
  delegationRules,
  iri,
  type Delegation,
  type DelegationRules,
  type RuleArea,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readJson } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound, violation } from '../../http/errors.js';
import { endSessionsActingFor } from '../auth/session-service.js';
import { opaqueToken, sameHash, sha256 } from '../auth/tokens.js';
import { findAccount } from '../users/service.js';
import { sealToken } from './sealed-token.js';
import {
  findActiveDelegation,
  insertDelegation,
  markRevoked,
  type DelegationRow,
} from './store.js';

export function present(row: DelegationRow): Delegation {
  return {
    id: row.id,
    account_user: iri('user', row.account_user_id),
    delegate_user: iri('user', row.delegate_user_id),
    ...delegationRules(readJson<Partial<DelegationRules>>(row.rules, {})),
    created_at: isoTime(row.created_at) ?? '',
  };
}

/**
 * The flags of the live delegation through which `rootUserId` acts for `accountUserId`
 * (undefined when none is live): /api/profile narrows the account's `rules` with them, so the
 * web app hides what the rights hook would refuse (docs/RULES.md, Delegated rights).
 */
export async function actingRules(
  db: Kysely<DatabaseSchema>,
  accountUserId: number,
  rootUserId: number,
): Promise<DelegationRules | undefined> {
  const row = await findActiveDelegation(db, accountUserId, rootUserId);
  return row ? delegationRules(readJson<Partial<DelegationRules>>(row.rules, {})) : undefined;
}

/**
 * Delegations: `delegate` may act for `account` after switching with the secure token.
 * The token is checked by its SHA-256 hash; it is also kept sealed for the delegate's list. Only the
 * database is needed, so tests and later flows (account roles, workspace orders) can
 * create delegations without the HTTP layer.
 */
export function createDelegationService(ctx: Pick<AppContext, 'database' | 'secrets'>) {
  const { db, dialect } = ctx.database;

  return {
    /** `trx`: the transaction of a caller that records more with it (a notification). */
    async create(
      input: {
        accountUserId: number;
        delegateUserId: number;
        rules?: Partial<Record<RuleArea, boolean>>;
      },
      trx: typeof db = db,
    ): Promise<{ delegation: Delegation; secure_token: string }> {
      if (input.accountUserId === input.delegateUserId) {
        throw violation('delegate_user', 'validation.invalid');
      }
      const [account, delegate] = await Promise.all([
        findAccount(trx, input.accountUserId),
        findAccount(trx, input.delegateUserId),
      ]);
      if (!account || !delegate) throw notFound();
      const secureToken = opaqueToken();
      try {
        const row = await insertDelegation(trx, dialect, {
          accountUserId: input.accountUserId,
          delegateUserId: input.delegateUserId,
          rules: delegationRules(input.rules),
          tokenHash: sha256(secureToken),
          sealedToken: sealToken(ctx.secrets.codePepper, secureToken),
        });
        return { delegation: present(row), secure_token: secureToken };
      } catch (error) {
        // The pair already has a live delegation.
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
    },

    async findActive(accountUserId: number, delegateUserId: number) {
      const row = await findActiveDelegation(db, accountUserId, delegateUserId);
      return row ? present(row) : undefined;
    },

    /** True when the pair has a live delegation whose secure token is `secureToken`. */
    async tokenMatches(
      accountUserId: number,
      delegateUserId: number,
      secureToken: string,
    ): Promise<boolean> {
      const row = await findActiveDelegation(db, accountUserId, delegateUserId);
      const offered = sha256(secureToken);
      return row !== undefined && sameHash(row.secure_token_hash, offered);
    },

    /** Revokes the delegation and, in the same transaction, the sessions acting through it. */
    async revoke(id: number): Promise<void> {
      await db.transaction().execute((trx) => this.revokeIn(trx, id));
    },

    /** Revokes inside the caller's transaction; answers the pair. */
    async revokeIn(trx: typeof db, id: number) {
      const pair = await markRevoked(trx, dialect, id);
      if (!pair) throw notFound();
      await endSessionsActingFor(trx, dialect, pair.account_user_id, pair.delegate_user_id);
      return pair;
    },
  };
}

export type DelegationService = ReturnType<typeof createDelegationService>;
