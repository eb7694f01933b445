import { randomBytes } from 'node:crypto';
import {
  canCreateGroupOrWorkspace,
  delegateMay,
  delegationRules,
  iri,
  maximumUsersOf,
  workspaceCard,
  workspaceFlagsOf,
  workspaceSharedFields,
  WORKSPACE_FLAGS,
  type ConnectionRequest,
  type WorkspaceCreated,
  type WorkspaceDetail,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceSettingsInput,
  type WorkspaceType,
  type WorkspaceViewer,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { readJson } from '../../db/dialect.js';
import { dispatchAfterCommit, recordActivity, transaction } from '../../events/index.js';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import { dropConnectionsBetween, hasContact } from '../connections/service.js';
import { checkMaximumUsers } from '../connections/requirements.js';
import { createRequestService } from '../connections/request-service.js';
import { actingRules, createDelegationService } from '../delegations/service.js';
import { accountFactsOf } from '../users/account-facts.js';
import { contactCardOf, findPerson, loadPeople } from '../users/people.js';
import { createUserService, findAccount } from '../users/service.js';
import {
  delegationsTo,
  delegationsToWorkspacesOf,
  findWorkspaceAccount,
  isMember,
  markMain,
  markWorkspace,
  memberCounts,
  pageOfMembers,
  renameWorkspace,
  saveRules,
  pageOfWorkspacesFor,
  type WorkspaceAccountRow,
} from './store.js';

type Db = Kysely<DatabaseSchema>;

export { sharedContactFields } from './shared-fields.js';

interface Page {
  limit: number;
  offset: number;
}

const workspaceNotFound = () => notFound('workspace.notFound');
const isAdminRules = (rules: unknown) =>
  delegationRules(readJson<Record<string, boolean>>(rules, {})).admin;

/** What a new workspace gets; `maximumUsers` comes from a plan or an operator. */
export interface NewWorkspace {
  name: string;
  workspaceType: WorkspaceType;
  ownerId: number;
  maximumUsers?: number | null;
}

/**
 * Workspaces and groups (docs/notes/workspaces.md): accounts of their own whose members are
 * their connections and whose admins hold an admin delegation to them. The flags live in the
 * account's rules, where the connections module reads maximum_users and the requirements.
 */
export function createWorkspaceService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const delegations = createDelegationService(ctx);
  const users = createUserService(ctx);

  /**
   * Makes the workspace account, makes its owner a main user holding an admin delegation to
   * it, and tells the owner; in `trx` (the caller's transaction: the CLI runs in one).
   */
  async function createIn(trx: Db, input: NewWorkspace) {
    const owner = await findPerson(trx, input.ownerId);
    if (!owner) throw notFound();
    // Never signed into: no password hash matches (a verification of this one fails), and
    // the address is on a reserved domain; its people act for it through delegations.
    const { userId } = await users.createAccount(
      {
        usermail: `workspace-${randomBytes(12).toString('hex')}@workspaces.invalid`,
        passwordHash: '!workspace',
        name: input.name,
        locale: owner.locale,
        country: owner.country,
        isActive: true,
      },
      trx,
    );
    const rules: Record<string, unknown> = {};
    if (input.maximumUsers != null) rules.maximum_users = input.maximumUsers;
    await markWorkspace(trx, dialect, userId, input.workspaceType, rules);
    await markMain(trx, dialect, input.ownerId);
    const { delegation, secure_token } = await delegations.create(
      { accountUserId: userId, delegateUserId: input.ownerId, rules: { admin: true } },
      trx,
    );
    const eventId = await recordActivity(trx, {
      type: 'new_workspace_delegation',
      actorUserId: userId,
      recipientUserId: input.ownerId,
    });
    const created: WorkspaceCreated = {
      id: userId,
      '@id': iri('user', userId),
      name: input.name,
      workspace_type: input.workspaceType,
      account_user: iri('user', userId),
      secure_token,
    };
    return { created, delegationId: delegation.id, eventId };
  }

  /**
   * How the caller relates to the workspace: the workspace itself (a session switched into
   * it) and holders of an admin delegation are admins; its connections are members. Anyone
   * else learns nothing, not even that it exists.
   */
  async function roleIn(auth: AuthContext, workspaceId: number) {
    const workspace = await findWorkspaceAccount(db, workspaceId);
    if (!workspace || workspace.disabled_at !== null) throw workspaceNotFound();
    if (auth.userId === workspaceId) return { workspace, role: 'admin' as const };
    const admins = await delegationsTo(db, workspaceId);
    if (admins.some((d) => d.delegate_user_id === auth.userId && isAdminRules(d.rules))) {
      return { workspace, role: 'admin' as const };
    }
    if (await isMember(db, workspaceId, auth.userId)) return { workspace, role: 'member' as const };
    throw workspaceNotFound();
  }

  async function adminOf(auth: AuthContext, workspaceId: number) {
    const found = await roleIn(auth, workspaceId);
    if (found.role !== 'admin') throw forbidden();
    return found.workspace;
  }

  function present(
    row: Pick<WorkspaceAccountRow, 'id' | 'name' | 'workspace_type' | 'rules'>,
    role: WorkspaceViewer,
    count: number,
  ): Workspace {
    const rules = readJson<Record<string, unknown>>(row.rules, {});
    return {
      id: row.id,
      '@id': iri('user', row.id),
      name: row.name,
      workspace_type: (row.workspace_type ?? 'workspace') as WorkspaceType,
      role,
      maximum_users: maximumUsersOf(rules),
      members_count: count,
      ...workspaceFlagsOf(rules),
    };
  }

  /** A delegated session may list workspaces only with the list-workspaces rule. */
  async function mayList(auth: AuthContext): Promise<void> {
    if (auth.rootUserId === null || auth.rootUserId === auth.userId) return;
    const [rules, account] = await Promise.all([
      actingRules(db, auth.userId, auth.rootUserId),
      findAccount(db, auth.userId),
    ]);
    if (!rules || !account || !delegateMay('workspaces', rules, accountFactsOf(account))) {
      throw forbidden();
    }
  }

  async function detail(workspace: WorkspaceAccountRow, role: WorkspaceViewer) {
    const [counts, delegated] = await Promise.all([
      memberCounts(db, [workspace.id]),
      delegationsTo(db, workspace.id),
    ]);
    const answer: WorkspaceDetail = {
      ...present(workspace, role, counts.get(workspace.id) ?? 0),
      admins: delegated
        .filter((d) => isAdminRules(d.rules))
        .map((d) => ({
          id: d.delegate_user_id,
          '@id': iri('user', d.delegate_user_id),
          name: d.name,
        })),
    };
    return answer;
  }

  return {
    createIn,

    /** POST /api/create-workspace: for people who are neither a workspace nor a main user. */
    async create(
      auth: AuthContext,
      input: { name: string; workspace_type: WorkspaceType },
    ): Promise<WorkspaceCreated> {
      const account = await findAccount(db, auth.userId);
      if (!account) throw notFound();
      if (!canCreateGroupOrWorkspace(accountFactsOf(account))) {
        throw forbidden('workspace.cannotCreate');
      }
      // a workspace has the Silver rules: it comes with its plan's order unless the operator
      // lets people make them freely
      if (!ctx.config.workspacesWithoutPlan) {
        throw new ApiError(403, 'workspace.planRequired', {
          extra: { error: 'subscription required' },
        });
      }
      return transaction(db, async (trx) => {
        const made = await createIn(trx, {
          name: input.name,
          workspaceType: input.workspace_type,
          ownerId: auth.userId,
        });
        await dispatchAfterCommit(trx, [made.eventId], ctx);
        return made.created;
      });
    },

    /** GET /api/user/workspace: the workspaces the account administers or belongs to. */
    async list(auth: AuthContext, page: Page): Promise<{ items: Workspace[]; total: number }> {
      await mayList(auth);
      // the workspaces one holds a delegation to are few; members are paged in the database
      const held = await delegationsToWorkspacesOf(db, auth.userId);
      const admin = new Set(held.filter((d) => isAdminRules(d.rules)).map((d) => d.workspace_id));
      const { rows, total } = await pageOfWorkspacesFor(db, auth.userId, [...admin], page);
      const counts = await memberCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        items: rows.map((row) =>
          present(row, admin.has(row.id) ? 'admin' : 'member', counts.get(row.id) ?? 0),
        ),
      };
    },

    async get(auth: AuthContext, workspaceId: number): Promise<WorkspaceDetail> {
      const { workspace, role } = await roleIn(auth, workspaceId);
      return detail(workspace, role);
    },

    /** The members, with the contact fields the share flags give this viewer. */
    async members(
      auth: AuthContext,
      workspaceId: number,
      page: Page & { search?: string },
    ): Promise<{ items: WorkspaceMember[]; total: number }> {
      const { workspace, role } = await roleIn(auth, workspaceId);
      const fields = workspaceSharedFields(
        workspaceFlagsOf(readJson<Record<string, unknown>>(workspace.rules, {})),
        role,
      );
      const [{ ids, total }, delegated] = await Promise.all([
        pageOfMembers(db, workspaceId, page),
        delegationsTo(db, workspaceId),
      ]);
      const admins = new Set(
        delegated.filter((d) => isAdminRules(d.rules)).map((d) => d.delegate_user_id),
      );
      const people = await loadPeople(db, ids);
      const items = ids.flatMap((id) => {
        const person = people.get(id);
        if (!person) return [];
        const card = workspaceCard(contactCardOf(person, false), fields, person);
        return [{ ...card, is_admin: admins.has(id) }];
      });
      return { items, total };
    },

    /** PATCH /api/workspace/{id}: the name and the flags, by an admin. */
    async update(
      auth: AuthContext,
      workspaceId: number,
      input: WorkspaceSettingsInput,
    ): Promise<WorkspaceDetail> {
      const workspace = await adminOf(auth, workspaceId);
      const rules = readJson<Record<string, unknown>>(workspace.rules, {});
      for (const flag of WORKSPACE_FLAGS) {
        const value = input[flag];
        if (typeof value === 'boolean') rules[flag] = value;
      }
      await db.transaction().execute(async (trx) => {
        await saveRules(trx, dialect, workspaceId, rules);
        if (input.name !== undefined) await renameWorkspace(trx, dialect, workspaceId, input.name);
      });
      const fresh = await findWorkspaceAccount(db, workspaceId);
      if (!fresh) throw workspaceNotFound();
      return detail(fresh, 'admin');
    },

    /**
     * POST /api/workspace/{id}/invite: a connection request (or an invitation to an address
     * without an account) from the workspace; the person joins when they accept it.
     */
    async invite(auth: AuthContext, workspaceId: number, input: ConnectionRequest) {
      await adminOf(auth, workspaceId);
      const workspace = await findPerson(db, workspaceId);
      if (!workspace) throw workspaceNotFound();
      // a full workspace says so at once rather than when the invitation is accepted
      await checkMaximumUsers(db, [workspace]);
      return createRequestService(ctx).requestByEmail(workspaceId, {
        user_to_email: input.user_to_email,
        personal_message: input.personal_message ?? null,
      });
    },

    /**
     * DELETE /api/workspace/{id}/members/{userId}: ends the person's membership and their
     * delegation to the workspace; the last admin stays.
     */
    async removeMember(auth: AuthContext, workspaceId: number, userId: number): Promise<void> {
      await adminOf(auth, workspaceId);
      const [member, delegated] = await Promise.all([
        hasContact(db, workspaceId, userId),
        delegationsTo(db, workspaceId),
      ]);
      const held = delegated.find((d) => d.delegate_user_id === userId);
      if (!member && !held) throw new ApiError(404, 'workspace.notMember');
      const admins = delegated.filter((d) => isAdminRules(d.rules));
      if (held && isAdminRules(held.rules) && admins.length <= 1) {
        throw conflict('workspace.lastAdmin');
      }
      await transaction(db, async (trx) => {
        if (member) await dropConnectionsBetween(trx, workspaceId, userId);
        if (held) {
          const pair = await delegations.revokeIn(trx, held.id);
          const eventId = await recordActivity(trx, {
            type: 'delegation_revoked',
            actorUserId: pair.account_user_id,
            recipientUserId: pair.delegate_user_id,
          });
          await dispatchAfterCommit(trx, [eventId], ctx);
        }
      });
    },

    /** GET /api/user/workspace-connections: the workspaces one is connected with, briefly. */
    async connections(auth: AuthContext) {
      const { items } = await this.list(auth, { limit: 1000, offset: 0 });
      return {
        workspaces: items.map((w) => ({
          id: w.id,
          '@id': w['@id'],
          name: w.name,
          workspace_type: w.workspace_type,
          role: w.role,
        })),
      };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
