import { z } from 'zod';
import { LIMITS } from './constants.js';
import type { ContactCard } from './social.js';
import { WORKSPACE_TYPES, type WorkspaceType } from './user.js';

/**
 * Workspaces and groups (docs/notes/workspaces.md): accounts of their own whose members are
 * their connections and whose admins hold an admin delegation to them. Their flags live in
 * the account's rules, next to `maximum_users`, where the connections module reads them too.
 */

/** What a member must have on their profile to join. */
export const WORKSPACE_REQUIREMENT_FLAGS = [
  'connections_require_function',
  'connections_require_location',
  'connections_require_organisation_name',
  'connections_require_profile_photo',
] as const;

/** Which contact fields members and admins see of each other. */
export const WORKSPACE_SHARE_FLAGS = [
  'connections_share_phone_to_workspace_members',
  'connections_share_email_to_workspace_members',
  'connections_share_email_to_admin',
  'share_member_info_to_workspace_members',
] as const;

export const WORKSPACE_FLAGS = [...WORKSPACE_REQUIREMENT_FLAGS, ...WORKSPACE_SHARE_FLAGS] as const;
export type WorkspaceFlag = (typeof WORKSPACE_FLAGS)[number];
export type WorkspaceFlags = Record<WorkspaceFlag, boolean>;

/** The flags as stored in an account's rules; anything but `true` is off. */
export function workspaceFlagsOf(
  rules: Record<string, unknown> | null | undefined,
): WorkspaceFlags {
  return Object.fromEntries(
    WORKSPACE_FLAGS.map((flag) => [flag, rules?.[flag] === true]),
  ) as WorkspaceFlags;
}

/** `maximum_users` as stored: a whole number ≥ 0, or none (no limit). */
export function maximumUsersOf(rules: Record<string, unknown> | null | undefined): number | null {
  const max = rules?.maximum_users;
  return typeof max === 'number' && Number.isInteger(max) && max >= 0 ? max : null;
}

/**
 * The profile fields a workspace asks of people who join. They apply only while the workspace
 * shares member info: asking for a field nobody will see would be pointless.
 */
export function workspaceRequirements(flags: WorkspaceFlags) {
  const on = flags.share_member_info_to_workspace_members;
  return {
    function: on && flags.connections_require_function,
    location: on && flags.connections_require_location,
    organisation: on && flags.connections_require_organisation_name,
    photo: on && flags.connections_require_profile_photo,
  };
}

/** Who looks at a member: an admin of the workspace, or another member. */
export type WorkspaceViewer = 'admin' | 'member';

/**
 * The contact fields a viewer of the workspace sees of a member, by the share flags. Admins
 * see what members see, plus the e-mail when it is shared to admins.
 */
export function workspaceSharedFields(flags: WorkspaceFlags, viewer: WorkspaceViewer) {
  const email =
    flags.connections_share_email_to_workspace_members ||
    (viewer === 'admin' && flags.connections_share_email_to_admin);
  return {
    email,
    phone: flags.connections_share_phone_to_workspace_members,
    /** function, organisation and location */
    memberInfo: flags.share_member_info_to_workspace_members,
  };
}

export type WorkspaceSharedFields = ReturnType<typeof workspaceSharedFields>;

/** Nothing shared: a viewer who belongs to no workspace with the person. */
export const NOTHING_SHARED: WorkspaceSharedFields = {
  email: false,
  phone: false,
  memberInfo: false,
};

/**
 * What a viewer sees of a member through every workspace both belong to: a field shows when
 * any of those workspaces shares it with the viewer (as an admin or as a member).
 */
export function sharedAcrossWorkspaces(
  shared: readonly { flags: WorkspaceFlags; viewer: WorkspaceViewer }[],
): WorkspaceSharedFields {
  return shared.reduce<WorkspaceSharedFields>((all, one) => {
    const fields = workspaceSharedFields(one.flags, one.viewer);
    return {
      email: all.email || fields.email,
      phone: all.phone || fields.phone,
      memberInfo: all.memberInfo || fields.memberInfo,
    };
  }, NOTHING_SHARED);
}

/** A workspace member's card reduced to what the viewer may see of them. */
export function workspaceCard<T extends ContactCard>(
  card: T,
  fields: WorkspaceSharedFields,
  full: { usermail: string; phone_number: string | null },
): T {
  return {
    ...card,
    usermail: fields.email ? full.usermail : null,
    phone_number: fields.phone ? full.phone_number : null,
    function: fields.memberInfo ? card.function : null,
    organization_name: fields.memberInfo ? card.organization_name : null,
    location: fields.memberInfo ? card.location : null,
  };
}

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(LIMITS.groupNameMin, 'workspace.nameTooShort')
  .max(100, 'validation.tooLong');

/** POST /api/create-workspace. */
export const workspaceCreateSchema = z.object({
  name,
  workspace_type: z.enum(WORKSPACE_TYPES, { error: 'validation.invalid' }).default('workspace'),
});
export type WorkspaceCreateInput = z.input<typeof workspaceCreateSchema>;

const flag = z.boolean({ error: 'validation.invalid' }).optional();

/** PATCH /api/workspace/{id}: the name and the flags (admins only). */
export const workspaceSettingsSchema = z.object({
  name: name.optional(),
  ...(Object.fromEntries(WORKSPACE_FLAGS.map((f) => [f, flag])) as Record<
    WorkspaceFlag,
    typeof flag
  >),
});
export type WorkspaceSettingsInput = z.infer<typeof workspaceSettingsSchema>;

/** POST /api/workspace/{id}/invite takes the body of POST /api/connection. */
export { connectionRequestSchema as workspaceInviteSchema } from './social.js';

/** POST /api/create-workspace answers what the client needs to switch in. */
export interface WorkspaceCreated {
  id: number;
  '@id': string;
  name: string;
  workspace_type: WorkspaceType;
  account_user: string;
  secure_token: string;
}

/** A workspace in GET /api/user/workspace and GET /api/workspace/{id}. */
export interface Workspace extends WorkspaceFlags {
  id: number;
  '@id': string;
  name: string;
  workspace_type: WorkspaceType;
  /** how the caller relates to it */
  role: WorkspaceViewer;
  maximum_users: number | null;
  members_count: number;
}

/** An admin of a workspace (GET /api/workspace/{id}). */
export interface WorkspaceAdmin {
  id: number;
  '@id': string;
  name: string;
}

export interface WorkspaceDetail extends Workspace {
  admins: WorkspaceAdmin[];
}

/** A member in GET /api/workspace/{id}/members: a card with only the shared fields. */
export type WorkspaceMember = ContactCard & { is_admin: boolean };
