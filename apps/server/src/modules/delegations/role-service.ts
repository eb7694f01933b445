import {
  delegateMay,
  delegationRules,
  iri,
  ruleFlagsOf,
  type DelegateRight,
  type DelegationAuditEntry,
  type DelegationCreateInput,
  type DelegationListItem,
  type DelegationPatchInput,
  type DelegationRules,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readJson } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { dispatchAfterCommit, recordActivity, transaction } from '../../events/index.js';
import { conflict, forbidden, notFound, violation } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import { userRefFrom } from '../../http/route-schemas.js';
import { hasContact } from '../connections/service.js';
import { findAccount } from '../users/service.js';
import { openToken } from './sealed-token.js';
import { present, type DelegationService } from './service.js';
import {
  findActiveDelegation,
  findLiveDelegation,
  insertAudit,
  liveDelegationsOf,
  pageOfAudit,
  pageOfDelegations,
  updateRules,
  type DelegationListRow,
  type DelegationRow,
} from './store.js';

interface Page {
  limit: number;
  offset: number;
}

const rulesOf = (row: DelegationRow): DelegationRules =>
  delegationRules(readJson<Partial<DelegationRules>>(row.rules, {}));

/**
 * Delegations as the account manages them (docs/API.md, Delegations; docs/notes/delegations.md):
 * list, create or update, change flags, revoke, the audit log, and what a delegate acting
 * for an account may write (the rights hook asks `mayWrite`).
 */
export function createRoleService(ctx: AppContext, delegations: DelegationService) {
  const { db, dialect } = ctx.database;

  /** The live delegation behind a session acting for `accountId`, with the account's facts. */
  async function acting(accountId: number, rootId: number) {
    const [row, account] = await Promise.all([
      findActiveDelegation(db, accountId, rootId),
      findAccount(db, accountId),
    ]);
    if (!row || !account) return undefined;
    return { rules: rulesOf(row), account: { user_type: account.user_type } };
  }

  /** A delegate may call a route needing `right` on the account it acts for. */
  async function mayWrite(auth: AuthContext, right: DelegateRight | undefined): Promise<boolean> {
    if (auth.rootUserId === null || auth.rootUserId === auth.userId) return true;
    const found = await acting(auth.userId, auth.rootUserId);
    return found !== undefined && delegateMay(right, found.rules, found.account);
  }

  /** Reads of the delegations and the audit: the account itself, or a delegate with admin. */
  async function mayManage(auth: AuthContext): Promise<void> {
    if (!(await mayWrite(auth, 'admin'))) throw forbidden();
  }

  /** A delegated session may not change the delegation it acts through. */
  function notOwnDelegation(auth: AuthContext, delegateId: number): void {
    if (auth.rootUserId !== null && auth.rootUserId === delegateId) throw forbidden();
  }

  /** The flags to store: `workspaces` only for a main account (off otherwise). */
  async function checkedFlags(
    accountId: number,
    input: DelegationPatchInput,
  ): Promise<Partial<DelegationRules>> {
    const flags = ruleFlagsOf(input);
    const account = await findAccount(db, accountId);
    if (!account) throw notFound();
    if (account.user_type !== 'main') {
      if (flags.workspaces === true) {
        throw violation('workspaces', 'delegation.workspacesMainOnly');
      }
      flags.workspaces = false;
    }
    return flags;
  }

  function listItem(row: DelegationListRow, auth: AuthContext): DelegationListItem {
    const held = row.delegate_user_id === auth.userId;
    return {
      ...present(row),
      account_name: row.account_name,
      delegate_name: row.delegate_name,
      direction: held ? 'held' : 'given',
      // only the person themself switches in; never shown to someone acting for them
      secure_token:
        held && auth.rootUserId === null
          ? openToken(ctx.secrets.codePepper, row.secure_token)
          : null,
    };
  }

  async function ownLive(auth: AuthContext, id: number): Promise<DelegationRow> {
    const row = await findLiveDelegation(db, id);
    if (!row || row.account_user_id !== auth.userId) throw notFound('delegation.notFound');
    notOwnDelegation(auth, row.delegate_user_id);
    return row;
  }

  /** A workspace keeps at least one admin (docs/notes/workspaces.md). */
  async function keepLastAdmin(row: DelegationRow): Promise<void> {
    if (!rulesOf(row).admin) return;
    const account = await findAccount(db, row.account_user_id);
    if (account?.user_type !== 'workspace') return;
    const admins = (await liveDelegationsOf(db, row.account_user_id)).filter(
      (d) => rulesOf(d).admin,
    );
    if (admins.length <= 1) throw conflict('workspace.lastAdmin');
  }

  return {
    mayWrite,

    async list(auth: AuthContext, page: Page) {
      await mayManage(auth);
      const { rows, total } = await pageOfDelegations(db, auth.userId, page);
      return { items: rows.map((row) => listItem(row, auth)), total };
    },

    /** Creates the delegation, or updates the pair's live one; `created` says which. */
    async createOrUpdate(auth: AuthContext, input: DelegationCreateInput) {
      const accountId = auth.userId;
      if (input.account_user !== undefined) {
        if (userRefFrom(input.account_user, 'account_user') !== accountId) throw forbidden();
      }
      const delegateId = userRefFrom(input.delegate_user, 'delegate_user');
      if (delegateId === accountId) throw violation('delegate_user', 'delegation.self');
      notOwnDelegation(auth, delegateId);
      if (!(await hasContact(db, accountId, delegateId))) {
        throw violation('delegate_user', 'delegation.notConnection');
      }
      const flags = await checkedFlags(accountId, input);
      const existing = await findActiveDelegation(db, accountId, delegateId);
      if (existing) {
        const row = await updateRules(db, dialect, existing.id, {
          ...rulesOf(existing),
          ...flags,
        });
        if (!row) throw conflict();
        return { created: false, delegation: present(row) };
      }
      try {
        const made = await transaction(db, async (trx) => {
          const { delegation } = await delegations.create(
            { accountUserId: accountId, delegateUserId: delegateId, rules: flags },
            trx,
          );
          const eventId = await recordActivity(trx, {
            type: 'new_delegation',
            actorUserId: accountId,
            recipientUserId: delegateId,
          });
          await dispatchAfterCommit(trx, [eventId], ctx);
          return delegation;
        });
        return { created: true, delegation: made };
      } catch (error) {
        // a concurrent create of the same pair won
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
    },

    async patch(auth: AuthContext, id: number, input: DelegationPatchInput) {
      const row = await ownLive(auth, id);
      if (input.admin === false) await keepLastAdmin(row);
      const flags = await checkedFlags(row.account_user_id, input);
      const updated = await updateRules(db, dialect, id, { ...rulesOf(row), ...flags });
      if (!updated) throw notFound('delegation.notFound');
      return present(updated);
    },

    async revoke(auth: AuthContext, id: number): Promise<void> {
      const row = await ownLive(auth, id);
      await keepLastAdmin(row);
      await transaction(db, async (trx) => {
        const pair = await delegations.revokeIn(trx, id);
        const eventId = await recordActivity(trx, {
          type: 'delegation_revoked',
          actorUserId: pair.account_user_id,
          recipientUserId: pair.delegate_user_id,
        });
        await dispatchAfterCommit(trx, [eventId], ctx);
      });
    },

    async audit(
      auth: AuthContext,
      page: Page,
    ): Promise<{ items: DelegationAuditEntry[]; total: number }> {
      await mayManage(auth);
      const { rows, total } = await pageOfAudit(db, auth.userId, page);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          account_user: iri('user', row.account_user_id),
          delegate_user: iri('user', row.delegate_user_id),
          delegate_name: row.delegate_name,
          method: row.method,
          route: row.route,
          status: row.status,
          created_at: isoTime(row.created_at) ?? '',
        })),
      };
    },

    /** Records a write a delegate made while acting for the account. */
    async record(auth: AuthContext, method: string, route: string, status: number) {
      if (auth.rootUserId === null || auth.rootUserId === auth.userId) return;
      await insertAudit(db, dialect, {
        account_user_id: auth.userId,
        delegate_user_id: auth.rootUserId,
        method,
        route: route.slice(0, 300),
        status,
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
